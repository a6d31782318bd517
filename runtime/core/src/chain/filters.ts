import type { Call, PreparedHandler } from './call.js';
import type { ExceptionFilter } from './contracts.js';
import type { InstanceOf } from './instances.js';
import { isThenable } from '../types/thenable.js';

/** A filter resolved for one route, with the error types it accepts (empty: all). */
export interface ResolvedFilter {
  readonly filter: InstanceOf<ExceptionFilter>;
  readonly catches: readonly Function[];
}

/**
 * A handler's filters as one function: resolves with the answer of the first filter that answers
 * `error`; rejects with `error` when none does, or with what a filter threw.
 */
export type ErrorFilters = (error: unknown, call: Call) => Promise<unknown>;

function accepts(filter: ResolvedFilter, error: unknown): boolean {
  return filter.catches.length === 0 || filter.catches.some((type) => error instanceof type);
}

/**
 * The calls a filter answered: a call's filters answer it once, so an error of what a filter
 * answered with (a gRPC stream failing while it is sent) is not filtered again, whether the first
 * error came before the stream or during it. Weak: a call is forgotten with the call.
 */
const answeredCalls = new WeakSet<Call>();

/**
 * Gives an error to the filters, most specific first (handler, controller, global). The first
 * filter that accepts the error and returns something answers; `undefined` passes it on. When none
 * answers, or a filter answered the call already, the error goes on to the transport's default answer.
 *
 * @example
 * const filterError = errorFilters(filters); // once per handler, at init
 * const answer = await filterError(error, call);
 */
export function errorFilters(filters: readonly ResolvedFilter[]): ErrorFilters {
  return async (error, call) => {
    if (answeredCalls.has(call)) throw error;
    for (const filter of filters) {
      if (!accepts(filter, error)) continue;
      const answer = await filter.filter(call).catch(error, call);
      if (answer !== undefined) {
        answeredCalls.add(call);
        return answer;
      }
    }
    throw error;
  };
}

/** Gives errors of `next` to the filters (see {@link errorFilters}). */
export function withFilters(filters: readonly ResolvedFilter[], next: PreparedHandler): PreparedHandler {
  const handle = errorFilters(filters);
  // Named, as every layer of the chain, so a stack trace reads as the chain it went through.
  return function filtersLayer(call) {
    try {
      const result = next(call);
      return isThenable(result) ? Promise.resolve(result).catch((error: unknown) => handle(error, call)) : result;
    } catch (error) {
      return handle(error, call);
    }
  };
}
