import { Node, ts, VariableDeclarationKind, type ParameterDeclaration, type Type, type VariableDeclaration } from 'ts-morph';
import type { SchemaIR } from '../ir/index.js';
import { oneLine, type DiscoverContext } from './context.js';
import { valueRef } from './refs.js';
import { resolveName } from './symbols.js';

/** A Standard Schema value as the checker sees it: its IR, and its input and output types (absent when it declares none). */
export interface DiscoveredSchema {
  readonly ir: SchemaIR;
  readonly input?: Type;
  readonly output?: Type;
}

/**
 * The Standard Schema named by `expr` (`{ schema: CreateTodo }`): a module-level `const` whose type
 * has a `~standard` property, so the generated tables can import it and validate with it. Reports
 * FW2501 when the expression is not such a const's name, FW2502 when its type is not a Standard Schema.
 *
 * @example
 * schemaOf(ctx, schemaProperty.getInitializer(), '@Body') // { ir: { ref: CreateTodo, outputText: '{ title: string; }', … }, input, output }
 */
export function schemaOf(ctx: DiscoverContext, expr: Node, what: string): DiscoveredSchema | undefined {
  const inner = Node.isParenthesizedExpression(expr) ? expr.getExpression() : expr;
  const resolved = Node.isIdentifier(inner) || Node.isPropertyAccessExpression(inner) ? resolveName(inner) : undefined;
  // `{ schema }` names the property's symbol; the const is its value symbol's declaration.
  const parent = inner.getParent();
  const shorthand = Node.isShorthandPropertyAssignment(parent) ? parent.getValueSymbol()?.getDeclarations()[0] : undefined;
  const declaration = shorthand ?? resolved?.declaration;
  if (!Node.isVariableDeclaration(declaration) || !isModuleConst(declaration)) {
    ctx.report('FW2501', expr, { what, text: oneLine(expr.getText()) });
    return undefined;
  }
  const type = inner.getType();
  const props = type.getProperty('~standard')?.getTypeAtLocation(inner);
  if (!props?.getProperty('validate')) {
    ctx.report('FW2502', expr, { what, name: declaration.getName(), type: oneLine(type.getText(inner)) });
    return undefined;
  }
  const types = props.getProperty('types')?.getTypeAtLocation(inner).getNonNullableType();
  const output = types?.getProperty('output')?.getTypeAtLocation(inner);
  const input = types?.getProperty('input')?.getTypeAtLocation(inner);
  const asyncFlag = type.getProperty('async')?.getTypeAtLocation(inner);
  const ir: SchemaIR = {
    ref: valueRef(ctx, declaration, declaration.getName(), inner),
    location: ctx.location(expr),
    outputText: output ? typeText(output, inner) : 'unknown',
    outputKeys: output?.isObject() ? output.getProperties().map((p) => p.getName()) : [],
    ...(asyncFlag?.isBooleanLiteral() && asyncFlag.getText() === 'true' ? { async: true as const } : {}),
  };
  return { ir, ...(input ? { input } : {}), ...(output ? { output } : {}) };
}

/**
 * Reports FW2504 when a parameter is declared with the schema's input type where the handler
 * receives its output (they differ by a default or a transform), FW2503 when the schema's output is
 * not assignable to the declared type at all. `unknown` and `any` accept every output.
 *
 * @example
 * checkDeclaredType(ctx, param, param.getType(), schema, '@Body') // FW2504 for `dto: z.input<typeof CreateTodo>`
 */
export function checkDeclaredType(ctx: DiscoverContext, param: ParameterDeclaration, declared: Type, schema: DiscoveredSchema, what: string): void {
  const { input, output } = schema;
  if (!output || declared.isAny() || declared.isUnknown()) return;
  const at = param.getNameNode();
  const checker = param.getProject().getTypeChecker().compilerObject;
  const fits = (a: Type, b: Type): boolean => checker.isTypeAssignableTo(a.compilerType, b.compilerType);
  const same = (a: Type, b: Type): boolean => fits(a, b) && fits(b, a);
  const args = { what, param: param.getName(), schema: schema.ir.ref.name, declared: typeText(declared, at), output: schema.ir.outputText };
  if (input && !same(input, output) && same(declared, input) && !same(declared, output)) {
    ctx.report('FW2504', at, { ...args, input: typeText(input, at) });
  } else if (!fits(output, declared)) {
    ctx.report('FW2503', at, args);
  }
}

/**
 * FW2507: a `@Query({ schema })` whose input type has a field that accepts no text. The query's
 * values reach the schema as strings (`?limit=5` is `{ limit: '5' }`), so a field typed `number`
 * on input (`z.number()`, not `z.coerce.number()`) refuses every request that sets it. A field
 * accepts text when its input type has a string member (or is `unknown`/`any`), or an array
 * member whose items accept text (`z.array(z.string())`): such a field is given every value of its
 * key as an array. Returns the names of those list fields.
 *
 * @example
 * checkQueryInput(ctx, schemaExpr, schema) // FW2507 "… accepts number for 'limit' …"
 * checkQueryInput(ctx, schemaExpr, schema) // ['tags'] for `z.object({ tags: z.array(z.string()).optional() })`
 */
export function checkQueryInput(ctx: DiscoverContext, at: Node, schema: DiscoveredSchema): string[] {
  const { input } = schema;
  if (!input || !input.isObject() || input.isAny() || input.isUnknown()) return [];
  const lists: string[] = [];
  for (const property of input.getProperties()) {
    const declared = property.getTypeAtLocation(at);
    // `unknown` first: its non-nullable form is `{}`.
    if (declared.isUnknown() || declared.isAny()) continue;
    const type = declared.getNonNullableType();
    const members = type.isUnion() ? type.getUnionTypes() : [type];
    if (members.some(isTextList)) {
      lists.push(property.getName());
      continue;
    }
    if (members.length === 0 || members.some(acceptsText)) continue;
    ctx.report('FW2507', at, { schema: schema.ir.ref.name, field: property.getName(), input: typeText(type, at) });
  }
  return lists;
}

/** An array (not a tuple) whose items accept text: `string[]`, `unknown[]`, `('a' | 'b')[]`. */
function isTextList(type: Type): boolean {
  if (type.isTuple() || !(type.isArray() || type.isReadonlyArray())) return false;
  const item = type.isArray() ? type.getArrayElementType() : type.getTypeArguments()[0];
  if (!item) return false;
  const items = item.isUnion() ? item.getUnionTypes() : [item];
  return items.some(acceptsText);
}

/** A string-like member, or one that takes a string (`{}`, a type parameter). */
const acceptsText = (type: Type): boolean =>
  type.isString() ||
  type.isStringLiteral() ||
  type.isTemplateLiteral() ||
  type.isAny() ||
  type.isUnknown() ||
  type.isTypeParameter() ||
  (type.getFlags() & ts.TypeFlags.StringMapping) !== 0 ||
  (type.isObject() && type.getProperties().length === 0 && type.getCallSignatures().length === 0);

/** A `const` declared at the top level of its module (what generated code can import by name). */
function isModuleConst(declaration: VariableDeclaration): boolean {
  const statement = declaration.getVariableStatement();
  return statement !== undefined && Node.isSourceFile(statement.getParent()) && statement.getDeclarationKind() === VariableDeclarationKind.Const;
}

const typeText = (type: Type, at: Node): string => oneLine(type.getText(at, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope));
