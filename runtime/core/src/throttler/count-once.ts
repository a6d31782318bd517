/** A route two guards of one configuration count. */
const SHARED = Symbol('shared');

/**
 * Which routes more than one `ThrottlerGuard` instance of one configuration counts: the global
 * `ThrottlerGuard` beside a `@UseGuard(ThrottlerGuard)`, a subclass beside its base, or a
 * request-scoped guard (an instance per call). On such a route each call is counted by the first
 * of them only, so a limit of 10 does not become 5; elsewhere a call costs one array read.
 *
 * @example
 * const once = countOnceFor(config);
 * once.claim(route.id, guard);                              // at init, per guard and route
 * if (once.countedBefore(route.id, context)) return true;   // per call, before counting
 */
export class CountOnce {
  /** By route id: the one guard that counts it, or `SHARED`. */
  private readonly owners: (object | typeof SHARED | undefined)[] = [];
  /** Calls of shared routes already counted (their call objects, held weakly). */
  private readonly counted = new WeakSet<object>();

  /** Notes that `guard` counts the route `routeId`. */
  claim(routeId: number, guard: object): void {
    const owner = this.owners[routeId];
    if (owner === undefined) this.owners[routeId] = guard;
    else if (owner !== guard) this.owners[routeId] = SHARED;
  }

  /** Whether another guard of the configuration counted `call` already; marks it counted if not. */
  countedBefore(routeId: number, call: object): boolean {
    if (this.owners[routeId] !== SHARED) return false;
    if (this.counted.has(call)) return true;
    this.counted.add(call);
    return false;
  }
}

const byConfig = new WeakMap<object, CountOnce>();

/** The `CountOnce` of a throttler configuration, shared by every guard built with it. */
export function countOnceFor(config: object): CountOnce {
  let once = byConfig.get(config);
  if (once === undefined) byConfig.set(config, (once = new CountOnce()));
  return once;
}
