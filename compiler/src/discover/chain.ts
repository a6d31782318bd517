import { Node } from 'ts-morph';
import type { ChainIR, ChainRef } from '../ir/types.js';
import type { DiscoverContext } from './context.js';
import { classUse, valueRef } from './refs.js';
import { evaluate, type StaticValue } from './static-value.js';
import { resolveName, type FrameworkDecorator } from './symbols.js';

/**
 * The guards, middleware, filters and throttle annotations declared by the decorators of one class or
 * method, in source order.
 *
 * @example
 * chainOf(ctx, frameworkDecorators(method)) // { guards: [{ kind: 'class', cls: … }], middleware: [], filters: [] }
 */
export function chainOf(ctx: DiscoverContext, decorators: readonly FrameworkDecorator[]): ChainIR {
  const guards: ChainRef[] = [];
  const middleware: ChainRef[] = [];
  const filters: ChainRef[] = [];
  let throttle: ChainIR['throttle'];
  let skipThrottle: ChainIR['skipThrottle'];
  for (const d of decorators) {
    if (d.name === 'UseGuard' || d.name === 'UseFilter') {
      for (const arg of d.args) {
        const cls = classUse(ctx, arg);
        if (cls) (d.name === 'UseGuard' ? guards : filters).push({ kind: 'class', cls });
        else notStatic(ctx, arg, `A ${d.name === 'UseGuard' ? 'guard' : 'filter'} given to @${d.name}`, 'a class name');
      }
    } else if (d.name === 'Middleware') {
      for (const arg of d.args) {
        const ref = middlewareRef(ctx, arg);
        if (ref) middleware.push(ref);
        else notStatic(ctx, arg, 'A middleware given to @Middleware', 'a class or the name of an exported function');
      }
    } else if (d.name === 'Throttle') {
      const rules = throttleOf(ctx, d);
      if (rules) throttle = { ...throttle, ...rules };
    } else if (d.name === 'SkipThrottle') {
      const skip = skipOf(ctx, d);
      if (skip) skipThrottle = { ...skipThrottle, ...skip };
    }
  }
  return { guards, middleware, filters, ...(throttle ? { throttle } : {}), ...(skipThrottle ? { skipThrottle } : {}) };
}

function middlewareRef(ctx: DiscoverContext, arg: Node): ChainRef | undefined {
  const cls = classUse(ctx, arg);
  if (cls) return { kind: 'class', cls };
  if (!Node.isIdentifier(arg) && !Node.isPropertyAccessExpression(arg)) return undefined;
  const resolved = resolveName(arg);
  const declaration = resolved?.declaration;
  if (!resolved || !(Node.isFunctionDeclaration(declaration) || Node.isVariableDeclaration(declaration))) return undefined;
  return { kind: 'fn', ref: valueRef(ctx, declaration, resolved.name, arg), location: ctx.location(arg) };
}

function throttleOf(ctx: DiscoverContext, d: FrameworkDecorator): Record<string, { ttl: number; limit: number }> | undefined {
  const arg = d.args[0];
  const expected = 'an object literal like { default: { ttl: 60000, limit: 5 } }';
  if (!arg) return undefined;
  const value = evaluate(arg);
  if (!value.ok) return notStatic(ctx, value.culprit, 'The argument of @Throttle', expected);
  const out: Record<string, { ttl: number; limit: number }> = {};
  if (!isRecord(value.value)) return notStatic(ctx, arg, 'The argument of @Throttle', expected);
  for (const [name, rule] of Object.entries(value.value)) {
    if (!isRecord(rule) || typeof rule.ttl !== 'number' || typeof rule.limit !== 'number') {
      return notStatic(ctx, arg, 'The argument of @Throttle', expected);
    }
    out[name] = { ttl: rule.ttl, limit: rule.limit };
  }
  return out;
}

function skipOf(ctx: DiscoverContext, d: FrameworkDecorator): Record<string, boolean> | undefined {
  const arg = d.args[0];
  if (!arg) return { '*': true };
  const expected = 'an object literal like { default: true }';
  const value = evaluate(arg);
  if (!value.ok) return notStatic(ctx, value.culprit, 'The argument of @SkipThrottle', expected);
  if (!isRecord(value.value)) return notStatic(ctx, arg, 'The argument of @SkipThrottle', expected);
  const out: Record<string, boolean> = {};
  for (const [name, flag] of Object.entries(value.value)) {
    if (typeof flag !== 'boolean') return notStatic(ctx, arg, 'The argument of @SkipThrottle', expected);
    out[name] = flag;
  }
  return out;
}

const isRecord = (v: StaticValue): v is { readonly [key: string]: StaticValue } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reports FW1004 at `node`; returns undefined so callers can `return notStatic(…)`. */
export function notStatic(ctx: DiscoverContext, node: Node, what: string, expected: string): undefined {
  ctx.report('FW1004', node, { what, expected, text: oneLine(node.getText()) });
  return undefined;
}

const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
};
