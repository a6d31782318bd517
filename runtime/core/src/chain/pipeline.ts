import { caughtTypesOf } from '../decorators/chain.js';
import type { Injector } from '../di/injector.js';
import type { HandlerEntry, MiddlewareFunction, MiddlewareRef } from '../tables.js';
import type { ArgumentSource } from './argument-source.js';
import type { GrpcCallShape, PreparedHandler } from './call.js';
import type { AuthGuard, ExceptionFilter, FrameworkMiddleware, Interceptor } from './contracts.js';
import { withFilters, type ResolvedFilter } from './filters.js';
import { prepareGuards, withGuards } from './guards.js';
import { instanceGetter, type InstanceOf } from './instances.js';
import { prepareInterceptors, singletonsOf, withInterceptors } from './interceptors.js';
import { middlewareOfFunction, middlewareOfInstance, withMiddleware, type ResolvedMiddleware } from './middleware.js';

/** What the application adds to every handler of every transport. */
export interface GlobalChain {
  /** Provider index of the `GLOBAL_GUARD` entry. */
  readonly guard?: number;
  /** Provider indices of the `GLOBAL_INTERCEPTOR` entries, in module order. */
  readonly interceptorProviders: readonly number[];
  /** Instances given to `app.useGlobalInterceptors`, run before (around) the provider ones. */
  readonly interceptors: readonly Interceptor[];
  readonly middleware: readonly (FrameworkMiddleware | MiddlewareFunction)[];
  readonly filters: readonly ExceptionFilter[];
}

/**
 * Builds, once per handler at init, the one chain every call of it runs through:
 * middleware → guards → interceptors → parameters (body) → handler, with filters around all of it.
 * Layers a handler does not use are not there at all.
 *
 * @example
 * const run = prepareHandler(route, injector, globals, { readsBody: true });
 * const answer = await run(call);
 */
export function prepareHandler(
  entry: HandlerEntry,
  injector: Injector,
  globals: GlobalChain,
  options: { readonly readsBody: boolean },
): PreparedHandler {
  let run = handlerLayer(entry, injector);

  if (options.readsBody) {
    const handler = run;
    run = (call) => call.loadBody().then(() => handler(call));
  }

  const interceptorIndices = [...globals.interceptorProviders, ...(entry.interceptors ?? [])];
  if (interceptorIndices.length > 0 || globals.interceptors.length > 0) {
    const controllerClass = injector.providers[entry.controller]!.useClass ?? Object;
    prepareInterceptors(entry, controllerClass, [...globals.interceptors, ...singletonsOf<Interceptor>(injector, interceptorIndices)]);
    const resolved: InstanceOf<Interceptor>[] = [
      ...globals.interceptors.map((interceptor) => () => interceptor),
      ...interceptorIndices.map((index) => instanceGetter<Interceptor>(injector, index)),
    ];
    run = withInterceptors(resolved, run);
  }

  const guardIndices = globals.guard === undefined ? entry.guards : [globals.guard, ...entry.guards];
  if (guardIndices.length > 0) {
    prepareGuards(entry, guardIndices, injector);
    run = withGuards(guardIndices.map((index) => instanceGetter<AuthGuard>(injector, index)), run);
  }

  const middleware = [...globals.middleware.map(globalMiddleware), ...entry.middleware.map((ref) => routeMiddleware(ref, injector))];
  if (middleware.length > 0) run = withMiddleware(middleware, run);

  const filters: ResolvedFilter[] = [
    ...entry.filters.map((index) => ({
      filter: instanceGetter<ExceptionFilter>(injector, index),
      catches: caughtTypesOf(injector.providers[index]!.useClass ?? Object),
    })),
    ...globals.filters.map((filter) => ({ filter: () => filter, catches: caughtTypesOf(filter.constructor) })),
  ];
  if (filters.length > 0) run = withFilters(filters, run);

  const scoped = [entry.controller, ...guardIndices, ...interceptorIndices, ...(entry.pipes ?? []), ...entry.filters, ...entry.middleware.flatMap((ref) => ('provider' in ref ? [ref.provider] : []))];
  if (scoped.some((index) => injector.isRequestScoped(index))) {
    // Only routes that touch a request-scoped provider pay for a scope.
    const inner = run;
    run = (call) => {
      call.scope = new Map();
      return inner(call);
    };
  }
  return run;
}

/** The innermost layer: the handler, called with its arguments and its parameters' pipe instances. */
function handlerLayer(entry: HandlerEntry, injector: Injector): PreparedHandler {
  const controller = instanceGetter<unknown>(injector, entry.controller);
  // A gRPC call lacks only `req`, which no gRPC handler's invoke reads (the compiler refuses @Req() there).
  const invoke = entry.invoke as (controller: unknown, args: ArgumentSource | GrpcCallShape, pipes: readonly unknown[]) => unknown;
  const pipeIndices = entry.pipes ?? [];
  if (pipeIndices.some((index) => injector.isRequestScoped(index))) {
    const pipes = pipeIndices.map((index) => instanceGetter<unknown>(injector, index));
    return (call) => invoke(controller(call), call, pipes.map((pipe) => pipe(call)));
  }
  // Singleton pipes (the usual case): one array for every call.
  const pipes = pipeIndices.map((index) => injector.resolve(index));
  return (call) => invoke(controller(call), call, pipes);
}

function globalMiddleware(middleware: FrameworkMiddleware | MiddlewareFunction): ResolvedMiddleware {
  if (typeof middleware === 'function') return middlewareOfFunction(middleware);
  return middlewareOfInstance(middleware.constructor.name, () => middleware);
}

function routeMiddleware(ref: MiddlewareRef, injector: Injector): ResolvedMiddleware {
  if ('fn' in ref) return middlewareOfFunction(ref.fn);
  return middlewareOfInstance(injector.providers[ref.provider]!.name, instanceGetter<FrameworkMiddleware>(injector, ref.provider));
}
