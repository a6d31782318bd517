import type { Call, PreparedHandler } from './call.js';
import type { ExecutionContext } from './execution-context.js';
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
 * answer and may replace it by returning something else than undefined.
 */
export function withMiddleware(middleware: readonly ResolvedMiddleware[], next: PreparedHandler): PreparedHandler {
  const from = async (index: number, call: Call): Promise<unknown> => {
    if (index === middleware.length) return next(call);
    const current = middleware[index]!;
    let downstream: Promise<unknown> | undefined;
    const callNext = (): Promise<unknown> => {
      if (downstream) {
        throw new Error(`Middleware ${current.name} called next() twice; call it once and await its result.`);
      }
      downstream = from(index + 1, call);
      return downstream;
    };
    let own: unknown;
    try {
      own = await current.invoke(call, callNext);
    } catch (error) {
      // The middleware failed after starting the rest of the chain: its outcome no longer matters,
      // but it must not surface later as an unhandled rejection.
      downstream?.catch(() => undefined);
      throw error;
    }
    if (!downstream) return own;
    const result = await downstream;
    return own === undefined ? result : own;
  };
  return (call) => from(0, call);
}
