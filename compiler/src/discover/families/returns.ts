import type { Type } from 'ts-morph';
import type { ReturnIR } from '../../ir/index.js';
import { oneLine } from '../context.js';
import type { HandlerDeclaration } from './inherited.js';

/**
 * What a handler returns, from the declaration that runs: its declared return type (a bare type
 * parameter of a generic base read as the controller binds it), else the inferred one, classified
 * for the null-body status check (FW1208, `analyze/http-status.ts`).
 *
 * @example
 * returnOf(runs(handler)) // { kind: 'empty', text: 'Promise<void>' }
 */
export function returnOf({ method, level }: HandlerDeclaration): ReturnIR {
  const declared = level.bind(method.getReturnTypeNode());
  const type = declared?.getType() ?? method.getReturnType();
  return { kind: classify(type), text: oneLine(declared?.getText() ?? type.getText(method)) };
}

function classify(type: Type): ReturnIR['kind'] {
  // `Promise<T | undefined> | T`: what the router awaits is what counts.
  const parts = members(type).flatMap((t) => members(awaited(t)));
  if (parts.some((t) => t.isAny() || t.isUnknown())) return 'unknown';
  if (parts.some((t) => t.getSymbol()?.getName() === 'Response')) return 'response';
  if (parts.every((t) => t.isVoid() || t.isUndefined() || t.isNull() || t.isNever())) return 'empty';
  return 'value';
}

const members = (type: Type): Type[] => (type.isUnion() ? type.getUnionTypes() : [type]);

function awaited(type: Type): Type {
  const name = type.getSymbol()?.getName();
  const [inner] = type.getTypeArguments();
  return (name === 'Promise' || name === 'PromiseLike') && inner ? inner : type;
}
