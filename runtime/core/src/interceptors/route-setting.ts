import { MetadataHelper } from '../metadata.js';
import type { HandlerEntry } from '../contract/tables.js';
import type { Class } from '../types/class.js';

/**
 * A per-route number set with a metadata decorator (`@Timeout(ms)`, `@CacheTTL(ms)`), read once at
 * init from the handler, then its controller, and kept by route id so a call does one map read.
 *
 * @example
 * const limits = new RouteSetting(TIMEOUT_KEY);
 * limits.prepare(route, TodoController); // at init
 * limits.of(context.getRoute(), context.getClass()) ?? defaultMs // per call
 */
export class RouteSetting {
  /** `null`: the route has no setting (so the default applies). */
  private readonly byRoute = new Map<HandlerEntry, number | null>();

  constructor(private readonly key: symbol) {}

  prepare(route: HandlerEntry, controller: Class): void {
    this.byRoute.set(route, MetadataHelper.getMetadata<number>(this.key, route.handler) ?? MetadataHelper.getMetadata<number>(this.key, controller) ?? null);
  }

  /** The route's setting; read here on first use when init did not prepare it (a request-scoped interceptor). */
  of(route: HandlerEntry, controller: Class): number | undefined {
    let value = this.byRoute.get(route);
    if (value === undefined) {
      this.prepare(route, controller);
      value = this.byRoute.get(route)!;
    }
    return value ?? undefined;
  }
}

/** Refuses a setting that is not a positive, finite number of milliseconds, naming where it came from. */
export function positiveMs(value: number, what: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${what} must be a positive number of milliseconds, got ${String(value)}.`);
  return value;
}
