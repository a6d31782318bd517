import type { Injector } from '../di/injector.js';
import type { HandlerEntry } from '../contract/tables.js';
import type { Class } from '../types/class.js';
import type { Call, PreparedHandler } from './call.js';
import type { Interceptor, RouteAwareInterceptor, RouteFacts } from './contracts.js';
import type { InstanceOf } from './instances.js';

/**
 * Runs interceptors around `next` (body validation and the handler), outermost first: each gets
 * the context and a `next()` that runs the inner ones and resolves with the handler's result.
 * `next()` always returns a promise (a synchronous throw inside becomes its rejection), so an
 * interceptor can `await` it or chain on it alike; the outermost interceptor's own return value,
 * sync or not, is the call's answer.
 */
export function withInterceptors(interceptors: readonly InstanceOf<Interceptor>[], next: PreparedHandler): PreparedHandler {
  const last = interceptors.length;
  const run = (index: number, call: Call): unknown => {
    if (index === last) return next(call);
    return interceptors[index]!(call).intercept(call, () => settle(index + 1, call));
  };
  const settle = (index: number, call: Call): Promise<unknown> => {
    try {
      return Promise.resolve(run(index, call));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return function interceptorsLayer(call) {
    return run(0, call);
  };
}

/**
 * Lets every interceptor of a handler that implements `prepareRoute` do its per-route work now, at
 * init (request-scoped ones are built per call and are not prepared).
 */
export function prepareInterceptors(entry: HandlerEntry, controller: Class, interceptors: readonly Interceptor[], facts: RouteFacts): void {
  for (const interceptor of interceptors) {
    const aware = interceptor as Partial<RouteAwareInterceptor>;
    if (typeof aware.prepareRoute === 'function') aware.prepareRoute(entry, controller, facts);
  }
}

/** The singleton instances among provider indices, for `prepareInterceptors`. */
export function singletonsOf<T>(injector: Injector, indices: readonly number[]): T[] {
  return indices.filter((index) => !injector.isRequestScoped(index)).map((index) => injector.resolve(index) as T);
}
