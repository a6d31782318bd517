import { Node, type MethodDeclaration, type Type } from 'ts-morph';
import type { GrpcReturnIR } from '../../ir/grpc.js';

/** `Promise<T>` (or any thenable the checker names so) unwrapped once: handlers may be async. */
function awaited(type: Type): Type {
  const symbol = type.getSymbol()?.getName();
  if ((symbol === 'Promise' || symbol === 'PromiseLike') && type.getTypeArguments().length === 1) return type.getTypeArguments()[0]!;
  return type;
}

/** Whether the type has the well-known symbol member (TypeScript names them `__@iterator@12`). */
function hasSymbolMember(type: Type, name: 'iterator' | 'asyncIterator'): boolean {
  return type.getProperties().some((p) => p.getName().startsWith(`__@${name}@`) || p.getName() === `[Symbol.${name}]`);
}

/** The element type of an iterable type: `T` of `AsyncIterable<T>`, `AsyncGenerator<T>`, `T[]`, `Iterable<T>`. */
function elementOf(type: Type): Type | undefined {
  if (type.isArray()) return type.getArrayElementType();
  const args = type.getTypeArguments();
  return args.length > 0 ? args[0] : undefined;
}

/** Data property names of an object type, or undefined when it is not a plain object type. */
function fieldsOf(type: Type | undefined): string[] | undefined {
  if (!type || type.isAny() || type.isUnknown() || type.isUnion() || type.isIntersection() || type.isArray() || type.isTuple() || !type.isObject()) return undefined;
  if (hasSymbolMember(type, 'iterator') || hasSymbolMember(type, 'asyncIterator')) return undefined;
  return type
    .getProperties()
    .filter((symbol) => !symbol.getDeclarations().some((d) => Node.isMethodSignature(d) || Node.isMethodDeclaration(d)))
    .map((symbol) => symbol.getName());
}

/**
 * Data fields of the messages of an iterable parameter type (`AsyncIterable<Item>` → Item's
 * fields), for the `@GrpcStream()` check against the request message; undefined when unknown.
 *
 * @example
 * streamElementFields(param.getType()) // ['topic', 'text']
 */
export function streamElementFields(type: Type): string[] | undefined {
  return hasSymbolMember(type, 'asyncIterator') || hasSymbolMember(type, 'iterator') || type.isArray() ? fieldsOf(elementOf(type)) : undefined;
}

/**
 * What a gRPC handler returns, as far as its RPC's kind cares: an iterable of messages (an
 * `async *` method, an array, an `AsyncIterable`), one message, or something the compiler cannot
 * tell (`any`, `unknown`, a union). For a plain object type, the fields of the message, for the
 * check against the RPC's response message.
 *
 * @example
 * returnShapeOf(method) // { kind: 'iterable', text: 'AsyncGenerator<Todo>', fields: ['id', 'title'] }
 */
export function returnShapeOf(method: MethodDeclaration): GrpcReturnIR {
  const declared = method.getReturnType();
  const type = awaited(declared);
  const text = method.getReturnTypeNode()?.getText() ?? declared.getText(method);
  if (type.isAny() || type.isUnknown() || type.isTypeParameter()) return { kind: 'unknown', text };
  if (type.isVoid() || type.isUndefined() || type.isNull()) return { kind: 'empty', text };
  if (type.isString() || type.isStringLiteral() || type.isNumber() || type.isBoolean()) return { kind: 'single', text };
  if (type.isUnion()) {
    const parts = type.getUnionTypes().filter((t) => !t.isUndefined() && !t.isNull());
    const iterable = parts.map((t) => type.isArray() || hasSymbolMember(t, 'asyncIterator') || hasSymbolMember(t, 'iterator'));
    if (iterable.every(Boolean)) return { kind: 'iterable', text };
    if (iterable.some(Boolean)) return { kind: 'unknown', text };
    return { kind: 'single', text };
  }
  if (type.isArray() || hasSymbolMember(type, 'asyncIterator') || hasSymbolMember(type, 'iterator')) {
    const fields = fieldsOf(elementOf(type));
    return { kind: 'iterable', text, ...(fields ? { fields } : {}) };
  }
  const fields = fieldsOf(type);
  return { kind: 'single', text, ...(fields ? { fields } : {}) };
}
