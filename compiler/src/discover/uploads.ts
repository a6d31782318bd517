import { Node, SyntaxKind, VariableDeclarationKind } from 'ts-morph';
import type { ParamSource, SourceLocation, UploadIR } from '../ir/index.js';
import { notStatic, type DiscoverContext } from './context.js';
import { arrayElements, literalOf, unwrap } from './static-value.js';
import type { FrameworkDecorator } from './symbols.js';

/**
 * A number written with literals, `const`s and arithmetic (`5 * 1024 * 1024`, `MiB << 2`), as
 * sizes are; undefined when it is computed at run time.
 *
 * @example
 * staticNumber(maxBytesNode) // 5242880
 */
export function staticNumber(node: Node, depth = 0): number | undefined {
  if (depth > 20) return undefined;
  const inner = unwrap(node);
  const literal = literalOf(inner);
  if (typeof literal === 'number') return literal;
  if (Node.isIdentifier(inner)) {
    const symbol = inner.getSymbol();
    const target = (symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol)?.getDeclarations()[0];
    const init = Node.isVariableDeclaration(target) && target.getVariableStatement()?.getDeclarationKind() === VariableDeclarationKind.Const ? target.getInitializer() : undefined;
    return init ? staticNumber(init, depth + 1) : undefined;
  }
  if (Node.isPrefixUnaryExpression(inner) && inner.getOperatorToken() === SyntaxKind.MinusToken) {
    const operand = staticNumber(inner.getOperand(), depth + 1);
    return operand === undefined ? undefined : -operand;
  }
  if (!Node.isBinaryExpression(inner)) return undefined;
  const left = staticNumber(inner.getLeft(), depth + 1);
  const right = staticNumber(inner.getRight(), depth + 1);
  if (left === undefined || right === undefined) return undefined;
  switch (inner.getOperatorToken().getKind()) {
    case SyntaxKind.AsteriskToken:
      return left * right;
    case SyntaxKind.PlusToken:
      return left + right;
    case SyntaxKind.MinusToken:
      return left - right;
    case SyntaxKind.SlashToken:
      return left / right;
    case SyntaxKind.AsteriskAsteriskToken:
      return left ** right;
    case SyntaxKind.LessThanLessThanToken:
      return left << right;
    default:
      return undefined;
  }
}

/**
 * `@UploadedFile(field, { maxBytes, types })` / `@UploadedFiles(field, { maxCount, maxBytes, types })`:
 * the field and its options, which must be static (FW1004 otherwise).
 *
 * @example
 * uploadSource(ctx, decorator, false) // { kind: 'file', upload: { field: 'avatar', many: false, maxBytes: 1048576, types: ['image/png'] } }
 */
export function uploadSource(ctx: DiscoverContext, d: FrameworkDecorator, many: boolean): ParamSource {
  const fieldArg = d.args[0];
  const field = fieldArg ? literalOf(fieldArg) : undefined;
  if (fieldArg && typeof field !== 'string') notStatic(ctx, fieldArg, `The field name given to @${d.name}`, 'a string literal');
  let upload: UploadIR = { field: typeof field === 'string' ? field : '', many };
  const optionsArg = d.args[1] ? unwrap(d.args[1]) : undefined;
  if (optionsArg && !Node.isObjectLiteralExpression(optionsArg)) {
    notStatic(ctx, d.args[1]!, `The options of @${d.name}`, 'an object literal such as { maxBytes: 1048576 }');
  } else if (optionsArg) {
    for (const property of optionsArg.getProperties()) {
      if (!Node.isPropertyAssignment(property)) continue;
      const name = property.getName();
      const value = property.getInitializerOrThrow();
      const location = ctx.location(value);
      if (name === 'maxBytes' || name === 'maxCount') {
        const bytes = staticNumber(value);
        if (bytes === undefined) notStatic(ctx, value, `The ${name} of @${d.name}`, 'a number (literals, consts and arithmetic)');
        else upload = name === 'maxBytes' ? { ...upload, maxBytes: bytes, maxBytesLocation: location } : { ...upload, maxCount: bytes };
      }
      if (name === 'types') {
        const elements = arrayElements(value);
        const types = elements?.map((element) => literalOf(element));
        if (!types || types.some((type) => typeof type !== 'string')) notStatic(ctx, value, `The types of @${d.name}`, "an array of MIME type strings such as ['image/png']");
        else upload = { ...upload, types: types as string[], typesLocation: location };
      }
    }
  }
  return { kind: 'file', upload };
}

/**
 * `@BodyLimit(bytes)` on a handler (the most derived one wins), with where it is written.
 *
 * @example
 * bodyLimitOf(ctx, decorators) // { bytes: 104857600, location }
 */
export function bodyLimitOf(ctx: DiscoverContext, decorators: readonly FrameworkDecorator[]): { bytes: number; location: SourceLocation } | undefined {
  const d = decorators.filter((x) => x.name === 'BodyLimit').at(-1);
  const arg = d?.args[0];
  if (!arg) return undefined;
  const bytes = staticNumber(arg);
  if (bytes === undefined) return notStatic(ctx, arg, 'The bytes of @BodyLimit', 'a number (literals, consts and arithmetic)');
  return { bytes, location: ctx.location(arg) };
}
