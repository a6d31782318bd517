import { ForbiddenException } from '../exceptions/built-in.js';
import type { Call, PreparedHandler } from './call.js';
import type { Injector } from '../di/injector.js';
import type { HandlerEntry } from '../contract/tables.js';
import type { AuthGuard, RouteAwareGuard } from './contracts.js';
import type { InstanceOf } from './instances.js';
import { isThenable } from '../types/thenable.js';

/**
 * Runs guards in order; the first refusal stops the call with a ForbiddenException. Stays
 * synchronous while guards answer synchronously, so sync guards add no promise per call.
 */
export function withGuards(guards: readonly InstanceOf<AuthGuard>[], next: PreparedHandler): PreparedHandler {
  const from = (index: number, call: Call): unknown => {
    for (let i = index; i < guards.length; i++) {
      const guard = guards[i]!(call);
      let verdict: boolean | Promise<boolean>;
      try {
        verdict = guard.canActivate(call);
      } catch (error) {
        throw refusedBy(call, guard, error);
      }
      if (isThenable(verdict)) {
        const allowedThen = (allowed: boolean): unknown => {
          if (allowed !== true) throw refusedBy(call, guard, new ForbiddenException());
          return from(i + 1, call);
        };
        // Only an observed call pays for a second callback.
        return call.observation === undefined ? verdict.then(allowedThen) : verdict.then(allowedThen, (error: unknown) => {
          throw refusedBy(call, guard, error);
        });
      }
      if (verdict !== true) throw refusedBy(call, guard, new ForbiddenException());
    }
    return next(call);
  };
  return function guardsLayer(call) {
    return from(0, call);
  };
}

/** Notes on the call's observation that `guard` refused it (or failed), and hands the error back to throw. */
function refusedBy(call: Call, guard: AuthGuard, error: unknown): unknown {
  call.observation?.fail(error, guard.constructor.name);
  return error;
}

/**
 * Lets every singleton guard of a handler that implements `prepareRoute` do its per-route work
 * now, at init, rather than on the route's first call.
 */
export function prepareGuards(entry: HandlerEntry, guardIndices: readonly number[], injector: Injector): void {
  for (const index of guardIndices) {
    if (injector.isRequestScoped(index)) continue;
    const guard = injector.resolve(index) as Partial<RouteAwareGuard>;
    if (typeof guard.prepareRoute === 'function') guard.prepareRoute(entry);
  }
}
