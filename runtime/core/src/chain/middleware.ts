import type { Call, PreparedHandler } from './call.js';
import type { ExecutionContext } from './execution-context.js';
import type { InstanceOf } from './instances.js';

/** A middleware resolved for one route: a function of the context and `next`. */
export interface ResolvedMiddleware {
  readonly name: string;
  readonly run: (call: Call) => (context: ExecutionContext, next: () => Promise<unknown>) => unknown;
}

export function middlewareOfInstance(name: string, instance: InstanceOf<{ action: ResolvedMiddlewareFn }>): ResolvedMiddleware {
  return { name, run: (call) => { const target = instance(call); return (context, next) => target.action(context, next); } };
}

type ResolvedMiddlewareFn = (context: ExecutionContext, next: () => Promise<unknown>) => unknown;

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
      own = await current.run(call)(call, callNext);
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
