import { Node, type ClassDeclaration, type Type } from 'ts-morph';
import type { ConversionIR, DtoIR, QueryMemberIR, ScalarConversionIR } from '../ir/index.js';
import type { DiscoverContext } from './context.js';

/**
 * The conversion from a parameter's text to its declared type: `string` (also `any`, `unknown`
 * and an undeclared type: the text as is), `number`, `boolean`, `Date`, or one of the values of
 * an enum or a union of string or number literals. `undefined` and `null` in a union only make it
 * optional. With `array` (a query parameter, whose key may repeat), an array of one of those
 * (`string[]`, `readonly number[]`, `Array<'a' | 'b'>`) takes every value of its key; an array of
 * anything else is `unsupported` with its element type as `item` (FW1804), its text relative to
 * `array.at`. Anything else is `unsupported`, reported by analyze (FW1801) unless a pipe converts.
 *
 * @example
 * conversionOf(param.getType()) // { conversion: { kind: 'number' }, optional: false } for `limit: number`
 * conversionOf(param.getType(), { at: param }) // { conversion: { kind: 'array', item: { kind: 'number' } }, … } for `ids: number[]`
 */
export function conversionOf(type: Type, array?: { readonly at: Node }): { conversion: ConversionIR; optional: boolean } {
  const parts = type.isUnion() ? type.getUnionTypes() : [type];
  const real = parts.filter((t) => !t.isUndefined() && !t.isNull());
  const optional = real.length < parts.length;
  const element = array && real.length === 1 ? elementOf(real[0]!) : undefined;
  if (!element) return { conversion: conversionOfParts(real, type), optional };
  const item = conversionOfParts(element.isUnion() ? element.getUnionTypes() : [element], element);
  // Decided here, once: the generated reader collects the key's values only for these members.
  const conversion: ConversionIR = item.kind === 'unsupported' ? { kind: 'unsupported', type: type.getText(array!.at), item: element.getText(array!.at) } : { kind: 'array', item };
  return { conversion, optional };
}

/** The element type of `T[]`, `readonly T[]` or `Array<T>`, else undefined (a tuple is no such array). */
function elementOf(type: Type): Type | undefined {
  if (type.isTuple()) return undefined;
  if (type.isArray()) return type.getArrayElementType();
  return type.isReadonlyArray() ? type.getTypeArguments()[0] : undefined;
}

type Unsupported = Extract<ConversionIR, { kind: 'unsupported' }>;

function conversionOfParts(parts: readonly Type[], whole: Type): ScalarConversionIR | Unsupported {
  const unsupported = (): Unsupported => ({ kind: 'unsupported', type: whole.getText(undefined, undefined) });
  if (parts.length === 0) return unsupported();
  if (parts.every((t) => t.isAny() || t.isUnknown() || t.isString())) return { kind: 'string' };
  if (parts.every((t) => t.isBoolean() || t.isBooleanLiteral())) return { kind: 'boolean' };
  if (parts.length === 1 && parts[0]!.isNumber()) return { kind: 'number' };
  if (parts.length === 1 && isDate(parts[0]!)) return { kind: 'date' };
  const values = parts.map((t) => (t.isStringLiteral() || t.isNumberLiteral() || t.isEnumLiteral() ? t.getLiteralValue() : undefined));
  if (values.every((v): v is string => typeof v === 'string') || values.every((v): v is number => typeof v === 'number')) return { kind: 'oneOf', values };
  return unsupported();
}

function isDate(type: Type): boolean {
  const declaration = type.getSymbol()?.getDeclarations()[0];
  return type.getSymbol()?.getName() === 'Date' && declaration !== undefined && declaration.getSourceFile().isInNodeModules() && declaration.getSourceFile().getBaseName().startsWith('lib.');
}

/**
 * The conversion of each member of a `@Query()` class that `dto` lists, from its declared type
 * (an array of a scalar takes every value of its key), with where it is declared (for FW1803, FW1804).
 *
 * @example
 * queryMembers(ctx, listQueryClass, dto) // [{ name: 'limit', conversion: { kind: 'number' }, location }]
 */
export function queryMembers(ctx: DiscoverContext, cls: ClassDeclaration, dto: DtoIR): QueryMemberIR[] {
  const instance = cls.getType();
  return dto.members.flatMap((member) => {
    const symbol = instance.getProperty(member.name);
    if (!symbol) return [];
    const declaration = symbol.getValueDeclaration() ?? symbol.getDeclarations()[0];
    const at = declaration ?? cls;
    const { conversion: converted } = conversionOf(symbol.getTypeAtLocation(at), { at });
    // Messages show the type as written (`Filter[]`), not as resolved with `| undefined`.
    const written = Node.isPropertyDeclaration(at) ? at.getTypeNode()?.getText() : undefined;
    const conversion = converted.kind === 'unsupported' && written ? { ...converted, type: written } : converted;
    return [{ name: member.name, conversion, location: Node.hasName(at) ? ctx.location(at.getNameNode()) : member.location }];
  });
}
