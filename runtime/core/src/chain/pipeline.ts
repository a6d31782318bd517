import type { Tracer } from '@opentelemetry/api';
import { caughtTypesOf } from '../decorators/chain.js';
import type { Injector } from '../di/injector.js';
import type { HandlerEntry, MiddlewareFunction, MiddlewareRef } from '../contract/tables.js';
import type { ArgumentSource } from '../contract/argument-source.js';
import type { GrpcCallShape, PreparedHandler } from './call.js';
import type { AuthGuard, ExceptionFilter, FrameworkMiddleware, Interceptor } from './contracts.js';
import { errorFilters, withFilters, type ErrorFilters, type ResolvedFilter } from './filters.js';
import { prepareGuards, withGuards } from './guards.js';
import { instanceGetter, type InstanceOf } from './instances.js';
import { prepareInterceptors, singletonsOf, withInterceptors } from './interceptors.js';
import { middlewareOfFunction, middlewareOfInstance, withMiddleware, type ResolvedMiddleware } from './middleware.js';
import { chainStepTracer, tracedBody, tracedFilters, tracedGuards, tracedHandler, tracedInterceptors, tracedMiddleware, tracedPipes } from './step-spans.js';

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
  /** The application's credential headers (`credentialHeadersOf`), for the interceptors' `RouteFacts`. */
  readonly credentialHeaders?: readonly string[];
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
  // Only in the dev loop with its dashboard on (read here, once): each step in a span of its own.
  const steps = chainStepTracer();
  let run = handlerLayer(entry, injector, steps);

  if (options.readsBody) {
    const handler = run;
    run = steps
      ? function tracedBodyLayer(call) {
          return tracedBody(steps, call).then(() => handler(call));
        }
      : function bodyLayer(call) {
          return call.loadBody().then(() => handler(call));
        };
  }

  const layers = layersOf(entry, injector, globals);
  const { interceptorIndices, guardIndices } = layers;
  const middleware = steps ? tracedMiddleware(steps, layers.middleware) : layers.middleware;
  const filters = steps ? tracedFilters(steps, layers.filters) : layers.filters;
  if (interceptorIndices.length > 0 || globals.interceptors.length > 0) {
    const controllerClass = injector.providers[entry.controller]!.useClass ?? Object;
    // Middleware may read the caller as a guard does (an API key into the call's state).
    const facts = { guarded: guardIndices.length > 0 || middleware.length > 0, credentialHeaders: globals.credentialHeaders };
    prepareInterceptors(entry, controllerClass, [...globals.interceptors, ...singletonsOf<Interceptor>(injector, interceptorIndices)], facts);
    const resolved: InstanceOf<Interceptor>[] = [
      ...globals.interceptors.map((interceptor) => () => interceptor),
      ...interceptorIndices.map((index) => instanceGetter<Interceptor>(injector, index)),
    ];
    run = withInterceptors(steps ? tracedInterceptors(steps, resolved) : resolved, run);
  }

  if (guardIndices.length > 0) {
    prepareGuards(entry, guardIndices, injector);
    const guards = guardIndices.map((index) => instanceGetter<AuthGuard>(injector, index));
    run = withGuards(steps ? tracedGuards(steps, guards) : guards, run);
  }

  if (middleware.length > 0) run = withMiddleware(middleware, run);

  if (filters.length > 0) run = withFilters(filters, run);

  if (touchesRequestScope(entry, injector, layers)) {
    // Only routes that touch a request-scoped provider pay for a scope.
    const inner = run;
    run = function requestScopeLayer(call) {
      call.scope = new Map();
      return inner(call);
    };
  }
  return run;
}

/**
 * The handler alone, when its chain would add nothing around it: no middleware, guards,
 * interceptors or filters (the route's or global ones) and no request-scoped provider. A transport
 * may then read the body itself and call the handler straight, without the chain's steps;
 * `undefined` when some layer is there.
 *
 * @example
 * const handler = bareHandler(route, injector, globals); // at init
 * if (handler) { call.body = validated; respond(handler(call)); }
 */
export function bareHandler(entry: HandlerEntry, injector: Injector, globals: GlobalChain): PreparedHandler | undefined {
  return chainAddsNothing(entry, injector, globals) ? handlerLayer(entry, injector, chainStepTracer()) : undefined;
}

/**
 * Whether the handler's chain adds nothing around it (see {@link bareHandler}): then preparing it
 * checks nothing either, and a transport may leave it for the handler's first call. Reads the
 * tables only, allocating nothing (it runs once per route at init).
 *
 * @example
 * const chain = chainAddsNothing(route, injector, globals) ? () => prepare(route) : prepare(route);
 */
export function chainAddsNothing(entry: HandlerEntry, injector: Injector, globals: GlobalChain): boolean {
  if (globals.guard !== undefined || globals.interceptorProviders.length + globals.interceptors.length + globals.middleware.length + globals.filters.length > 0) return false;
  if (entry.guards.length + (entry.interceptors?.length ?? 0) + entry.middleware.length + entry.filters.length > 0) return false;
  if (injector.isRequestScoped(entry.controller)) return false;
  const pipes = entry.pipes;
  if (pipes) for (let i = 0; i < pipes.length; i++) if (injector.isRequestScoped(pipes[i]!)) return false;
  return true;
}

/** The layers a handler's chain holds, the global ones first. */
function layersOf(entry: HandlerEntry, injector: Injector, globals: GlobalChain) {
  // Most routes have no layer of their own and the application few: an app of thousands of routes
  // prepares each at init, so nothing is copied or mapped that is empty.
  const ownInterceptors = entry.interceptors ?? [];
  const interceptorIndices = globals.interceptorProviders.length === 0 ? ownInterceptors : [...globals.interceptorProviders, ...ownInterceptors];
  const guardIndices = globals.guard === undefined ? entry.guards : [globals.guard, ...entry.guards];
  const middleware =
    globals.middleware.length + entry.middleware.length === 0 ? [] : [...globals.middleware.map(globalMiddleware), ...entry.middleware.map((ref) => routeMiddleware(ref, injector))];
  return { interceptorIndices, guardIndices, middleware, filters: filtersOf(entry, injector, globals) };
}

/** The filters of a handler's chain: its own (method, then controller), then the global ones. */
function filtersOf(entry: HandlerEntry, injector: Injector, globals: GlobalChain): ResolvedFilter[] {
  if (entry.filters.length + globals.filters.length === 0) return [];
  return [
    ...entry.filters.map((index) => ({
      filter: instanceGetter<ExceptionFilter>(injector, index),
      catches: caughtTypesOf(injector.providers[index]!.useClass ?? Object),
    })),
    ...globals.filters.map((filter) => ({ filter: () => filter, catches: caughtTypesOf(filter.constructor) })),
  ];
}

/**
 * The filters of the handler's chain as one function, for an error a transport meets after the
 * chain answered (a streamed answer failing while it is sent): the same filters, in the same order
 * and with the same scoping as {@link prepareHandler}'s filter layer; `undefined` when the handler
 * has none. Built once per handler at init.
 *
 * @example
 * const filterError = prepareErrorFilters(rpc, injector, globals); // at init
 * const rest = filterError ? await filterError(error, call) : Promise.reject(error);
 */
export function prepareErrorFilters(entry: HandlerEntry, injector: Injector, globals: GlobalChain): ErrorFilters | undefined {
  const filters = filtersOf(entry, injector, globals);
  if (filters.length === 0) return undefined;
  const steps = chainStepTracer();
  return errorFilters(steps ? tracedFilters(steps, filters) : filters);
}

/** Whether any provider of the handler's chain is request-scoped, so that a call needs a scope. */
function touchesRequestScope(entry: HandlerEntry, injector: Injector, { interceptorIndices, guardIndices }: ReturnType<typeof layersOf>): boolean {
  const scoped = (indices: readonly number[] | undefined): boolean => indices !== undefined && indices.some((index) => injector.isRequestScoped(index));
  return (
    injector.isRequestScoped(entry.controller) ||
    scoped(guardIndices) ||
    scoped(interceptorIndices) ||
    scoped(entry.pipes) ||
    scoped(entry.filters) ||
    entry.middleware.some((ref) => 'provider' in ref && injector.isRequestScoped(ref.provider))
  );
}

/**
 * The innermost layer: the handler, called with its arguments and its parameters' pipe instances;
 * with `steps` (the dev dashboard's), the handler and each pipe in a span of its own.
 */
function handlerLayer(entry: HandlerEntry, injector: Injector, steps?: Tracer): PreparedHandler {
  if (steps) return tracedHandler(steps, entry.name, tracedHandlerLayer(entry, injector, steps));
  const controller = instanceGetter<unknown>(injector, entry.controller);
  // A gRPC call lacks only `req`, which no gRPC handler's invoke reads (the compiler refuses @Req() there).
  const invoke = entry.invoke as (controller: unknown, args: ArgumentSource | GrpcCallShape, pipes: readonly unknown[]) => unknown;
  const pipeIndices = entry.pipes ?? [];
  if (pipeIndices.some((index) => injector.isRequestScoped(index))) {
    const pipes = pipeIndices.map((index) => instanceGetter<unknown>(injector, index));
    return function handlerWithScopedPipes(call) {
      return invoke(controller(call), call, pipes.map((pipe) => pipe(call)));
    };
  }
  // Singleton pipes (the usual case): one array for every call.
  const pipes = pipeIndices.map((index) => injector.resolve(index));
  return function handlerCall(call) {
    return invoke(controller(call), call, pipes);
  };
}

/** {@link handlerLayer} with each pipe's `transform` in a span (the dev dashboard's chain). */
function tracedHandlerLayer(entry: HandlerEntry, injector: Injector, steps: Tracer): PreparedHandler {
  const controller = instanceGetter<unknown>(injector, entry.controller);
  const invoke = entry.invoke as (controller: unknown, args: ArgumentSource | GrpcCallShape, pipes: readonly unknown[]) => unknown;
  const pipes = (entry.pipes ?? []).map((index) => instanceGetter<unknown>(injector, index));
  return function tracedHandlerCall(call) {
    return invoke(controller(call), call, tracedPipes(steps, pipes.map((pipe) => pipe(call)), call));
  };
}

function globalMiddleware(middleware: FrameworkMiddleware | MiddlewareFunction): ResolvedMiddleware {
  if (typeof middleware === 'function') return middlewareOfFunction(middleware);
  return middlewareOfInstance(middleware.constructor.name, () => middleware);
}

function routeMiddleware(ref: MiddlewareRef, injector: Injector): ResolvedMiddleware {
  if ('fn' in ref) return middlewareOfFunction(ref.fn);
  return middlewareOfInstance(injector.providers[ref.provider]!.name, instanceGetter<FrameworkMiddleware>(injector, ref.provider));
}
