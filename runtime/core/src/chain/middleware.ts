import type { Call, PreparedHandler } from './call.js';
import type { ExecutionContext } from '../contract/execution-context.js';
import type { InstanceOf } from './instances.js';

type MiddlewareAction = (context: ExecutionContext, next: () => Promise<unknown>) => unknown;

/** A middleware resolved for one route: called with the call (its context) and `next`. */
export interface ResolvedMiddleware {
  readonly name: string;
  readonly invoke: (call: Call, next: () => Promise<unknown>) => unknown;
}

/** A middleware class instance (a singleton, or the call's own when request-scoped). */
export function middlewareOfInstance(name: string, instance: InstanceOf<{ action: MiddlewareAction }>): ResolvedMiddleware {
  return { name, invoke: (call, next) => instance(call).action(call, next) };
}

/** A plain middleware function. */
export function middlewareOfFunction(fn: MiddlewareAction): ResolvedMiddleware {
  return { name: fn.name || 'anonymous', invoke: fn };
}

/**
 * Runs middleware in order before `next` (the guards and the handler). A middleware that returns
 * without calling `next()` answers with its return value; one that calls it gets the downstream
 * answer and may replace it by returning something else than undefined. `next()` must be called
 * before the middleware's own result settles (return or await it): once the chain has answered, a
 * late `next()` throws instead of running the guards and the handler with nobody waiting for them.
 */
export function withMiddleware(middleware: readonly ResolvedMiddleware[], next: PreparedHandler): PreparedHandler {
  const from = async (index: number, call: Call): Promise<unknown> => {
    if (index === middleware.length) return next(call);
    const current = middleware[index]!;
    let downstream: Promise<unknown> | undefined;
    let answered = false;
    const callNext = (): Promise<unknown> => {
      if (downstream) {
        throw new Error(`Middleware ${current.name} called next() twice; call it once and await its result.`);
      }
      if (answered) throw lateNext(current.name);
      downstream = from(index + 1, call);
      // The middleware may leave it unawaited while it awaits something else, or fail before we
      // await it: a downstream failure must never surface as an unhandled rejection meanwhile.
      downstream.catch(ignore);
      return downstream;
    };
    let own: unknown;
    try {
      own = await current.invoke(call, callNext);
    } finally {
      answered = true;
    }
    if (!downstream) return own;
    const result = await downstream;
    return own === undefined ? result : own;
  };
  return function middlewareLayer(call) {
    return from(0, call);
  };
}

function ignore(): undefined {
  return undefined;
}

function lateNext(name: string): Error {
  return new Error(
    `Middleware ${name} called next() after it returned; return or await next() ` +
      `(e.g. \`return doAsync().then(() => next())\`). The call was already answered with the middleware's own ` +
      'result, so the guards and the handler were not run.',
  );
}
