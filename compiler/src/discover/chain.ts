import { Node } from 'ts-morph';
import type { ChainIR, ChainRef, ThrottleNameUse } from '../ir/index.js';
import { notStatic, type DiscoverContext } from './context.js';
import { classUse, valueRef } from './refs.js';
import { resolveName, type FrameworkDecorator } from './symbols.js';
import { corsOf } from './cors.js';
import { layerOptionsOf } from './layers.js';
import { skipOf, throttleOf } from './throttle.js';

/** Chain decorators that take classes only: the list each fills and what messages call an entry. */
const CLASS_LISTS: Readonly<Record<string, { readonly field: 'guards' | 'interceptors' | 'filters'; readonly what: string }>> = {
  UseGuard: { field: 'guards', what: 'guard' },
  UseInterceptors: { field: 'interceptors', what: 'interceptor' },
  UseFilter: { field: 'filters', what: 'filter' },
};

/**
 * The guards, interceptors, middleware, filters and throttle annotations declared by the decorators of one class or
 * method, in source order.
 *
 * @example
 * chainOf(ctx, frameworkDecorators(method)) // { guards: [{ kind: 'class', cls: … }], middleware: [], filters: [] }
 */
export function chainOf(ctx: DiscoverContext, decorators: readonly FrameworkDecorator[]): ChainIR {
  const guards: ChainRef[] = [];
  const interceptors: ChainRef[] = [];
  const middleware: ChainRef[] = [];
  const filters: ChainRef[] = [];
  let throttle: ChainIR['throttle'];
  let skipThrottle: ChainIR['skipThrottle'];
  const throttleNames: ThrottleNameUse[] = [];
  let cors: ChainIR['cors'];
  for (const d of decorators) {
    const classList = CLASS_LISTS[d.name];
    if (classList) {
      const target = { guards, interceptors, filters }[classList.field];
      for (const arg of d.args) {
        const cls = classUse(ctx, arg);
        if (cls) target.push({ kind: 'class', cls });
        else notStatic(ctx, arg, `A ${classList.what} given to @${d.name}`, 'a class name');
      }
    } else if (d.name === 'Middleware') {
      for (const arg of d.args) {
        const ref = middlewareRef(ctx, arg);
        if (ref) middleware.push(ref);
        else notStatic(ctx, arg, 'A middleware given to @Middleware', 'a class or the name of an exported function');
      }
    } else if (d.name === 'Throttle') {
      const read = throttleOf(ctx, d);
      if (read) throttle = { ...throttle, ...read.rules };
      throttleNames.push(...(read?.names ?? []));
    } else if (d.name === 'SkipThrottle') {
      const read = skipOf(ctx, d);
      if (read) skipThrottle = { ...skipThrottle, ...read.skip };
      throttleNames.push(...(read?.names ?? []));
    } else if (d.name === 'Cors') {
      cors = corsOf(ctx, d) ?? cors;
    }
  }
  const layerOptions = layerOptionsOf(ctx, decorators);
  return {
    guards,
    interceptors,
    middleware,
    filters,
    ...(throttle ? { throttle } : {}),
    ...(skipThrottle ? { skipThrottle } : {}),
    ...(throttleNames.length > 0 ? { throttleNames } : {}),
    ...(layerOptions.length > 0 ? { layerOptions } : {}),
    ...(cors ? { cors } : {}),
  };
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
