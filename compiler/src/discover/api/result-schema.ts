import { Node, type Type } from 'ts-morph';
import type { JsonSchema, ResultSchemaIR } from '../../ir/api.js';
import { docText } from './docs.js';

/**
 * The JSON Schema of what a handler answers, from its return type through the type checker:
 * `Promise<T>` awaited, arrays and tuples, unions (literals merged into `enum`), classes,
 * interfaces and aliased object types as named components, anonymous objects inline, `Date` as a
 * date-time string (what `JSON.stringify` makes of it), methods and `undefined` members left out.
 * A `string` is sent as `text/plain`, `void` as no body, a `Response` as whatever it holds.
 *
 * @example
 * resultSchema(method.getReturnType(), method)
 * // { media: 'json', schema: { type: 'array', items: { $ref: '#/components/schemas/Todo' } }, named: { Todo: {…} } }
 */
export function resultSchema(type: Type, at: Node): ResultSchemaIR {
  const parts = unionParts(type).flatMap((t) => unionParts(awaited(t)));
  return schemaOfParts(parts, at);
}

/**
 * The JSON Schema of the data of each event an `@Sse()` handler yields: the element type of its
 * iterable, a `ServerSentEvent<T>` read as its `T`.
 *
 * @example
 * eventSchema(method.getReturnType(), method) // { media: 'events', schema: { $ref: '#/components/schemas/TodoChange' }, named: {…} }
 */
export function eventSchema(type: Type, at: Node): ResultSchemaIR {
  const elements = unionParts(awaited(type)).flatMap((t) => {
    const element = t.isArray() ? t.getArrayElementType() : t.getTypeArguments()[0];
    return element ? unionParts(element) : [];
  });
  const data = elements.flatMap((t) => (t.getSymbol()?.getName() === 'ServerSentEvent' && t.getTypeArguments()[0] ? unionParts(t.getTypeArguments()[0]!) : [t]));
  const { schema, named } = schemaOfParts(data, at);
  return { media: 'events', schema, named };
}

function schemaOfParts(parts: readonly Type[], at: Node): ResultSchemaIR {
  if (parts.some((t) => t.getSymbol()?.getName() === 'Response')) return { media: 'any', schema: {}, named: {} };
  const body = parts.filter((t) => !t.isVoid() && !t.isUndefined() && !t.isNever());
  if (body.length === 0) return { media: 'empty', schema: {}, named: {} };
  const writer = new SchemaWriter(at);
  const schema = writer.union(body);
  const media = body.every((t) => t.isString() || t.isStringLiteral() || t.isTemplateLiteral()) ? 'text' : 'json';
  return { media, schema, named: writer.named };
}

const unionParts = (type: Type): Type[] => (type.isUnion() && !type.isBoolean() ? type.getUnionTypes() : [type]);

function awaited(type: Type): Type {
  const name = type.getSymbol()?.getName();
  const [inner] = type.getTypeArguments();
  return (name === 'Promise' || name === 'PromiseLike') && inner ? inner : type;
}

class SchemaWriter {
  readonly named: Record<string, JsonSchema> = {};
  private readonly inProgress = new Set<string>();
  constructor(private readonly at: Node) {}

  union(types: readonly Type[]): JsonSchema {
    const real = types.filter((t) => !t.isUndefined() && !t.isVoid());
    const literals: (string | number | boolean | null)[] = [];
    const others: JsonSchema[] = [];
    let booleans = 0;
    for (const t of real) {
      if (t.isBooleanLiteral()) booleans++;
      if (t.isStringLiteral() || t.isNumberLiteral()) literals.push(t.getLiteralValue() as string | number);
      else if (t.isBooleanLiteral()) literals.push(t.getText() === 'true');
      else if (t.isNull()) literals.push(null);
      else others.push(this.schema(t));
    }
    // `boolean` is the union `true | false`.
    if (booleans === 2) {
      others.push({ type: 'boolean' });
      literals.splice(0, literals.length, ...literals.filter((l) => typeof l !== 'boolean'));
    }
    if (literals.length === 1 && literals[0] === null) others.push({ type: 'null' });
    else if (literals.length === 1) others.push({ const: literals[0]! });
    else if (literals.length > 1) others.push({ enum: literals });
    if (others.length === 1) return others[0]!;
    return others.length === 0 ? {} : { anyOf: others };
  }

  schema(type: Type): JsonSchema {
    if (type.isUnion() || type.isBoolean()) return this.union(type.getUnionTypes());
    if (type.isAny() || type.isUnknown()) return {};
    if (type.isString() || type.isTemplateLiteral()) return { type: 'string' };
    if (type.isNumber()) return { type: 'number' };
    if (type.isBoolean()) return { type: 'boolean' };
    if (type.isNull()) return { type: 'null' };
    if (type.isStringLiteral() || type.isNumberLiteral() || type.isBooleanLiteral()) return this.union([type]);
    if (type.isArray() || type.isReadonlyArray()) {
      const element = type.getArrayElementType() ?? type.getTypeArguments()[0];
      return { type: 'array', items: element ? this.schema(element) : {} };
    }
    if (type.isTuple()) {
      const elements = type.getTupleElements();
      return { type: 'array', prefixItems: elements.map((e) => this.schema(e)), minItems: elements.length, maxItems: elements.length };
    }
    const symbol = type.getSymbol()?.getName();
    if (symbol === 'Date') return { type: 'string', format: 'date-time' };
    if (type.isObject() || type.isIntersection()) return this.object(type);
    return {};
  }

  private object(type: Type): JsonSchema {
    const name = componentName(type);
    if (!name) return this.members(type);
    if (this.named[name] === undefined && !this.inProgress.has(name)) {
      this.inProgress.add(name);
      const schema = this.members(type);
      const doc = docOfType(type);
      this.named[name] = doc ? { ...schema, description: doc } : schema;
      this.inProgress.delete(name);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  private members(type: Type): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of type.getProperties()) {
      const declaration = property.getValueDeclaration() ?? property.getDeclarations()[0];
      if (declaration && (Node.isMethodDeclaration(declaration) || Node.isMethodSignature(declaration))) continue;
      const propertyType = property.getTypeAtLocation(this.at);
      if (propertyType.getCallSignatures().length > 0) continue;
      const parts = unionParts(propertyType);
      if (parts.every((t) => t.isUndefined())) continue;
      const name = property.getName();
      const schema = this.union(parts);
      const doc = declaration ? docText(declaration) : undefined;
      properties[name] = doc ? { ...schema, description: doc } : schema;
      if (!property.isOptional() && !parts.some((t) => t.isUndefined())) required.push(name);
    }
    const index = type.getStringIndexType();
    return {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(index ? { additionalProperties: this.schema(index) } : {}),
    };
  }
}

/** Classes, interfaces and aliased object types get a component; anonymous object types are inline. */
function componentName(type: Type): string | undefined {
  const alias = type.getAliasSymbol();
  const symbol = alias ?? type.getSymbol();
  const name = symbol?.getName();
  if (!name || name.startsWith('__')) return undefined;
  const args = alias ? type.getAliasTypeArguments() : type.getTypeArguments();
  const suffix = args.map((a) => componentName(a) ?? a.getText().replace(/[^A-Za-z0-9]+/g, '_')).join('_');
  return suffix ? `${name}_${suffix}` : name;
}

function docOfType(type: Type): string | undefined {
  const declaration = (type.getAliasSymbol() ?? type.getSymbol())?.getDeclarations()[0];
  return declaration ? docText(declaration) : undefined;
}
