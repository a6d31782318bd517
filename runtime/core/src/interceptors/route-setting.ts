import { MetadataHelper } from '../metadata.js';
import type { HandlerEntry } from '../tables.js';
import type { Class } from '../types/class.js';

/**
 * A per-route number set with a metadata decorator (`@Timeout(ms)`, `@CacheTTL(ms)`), read once at
 * init from the handler, then its controller, and kept by route id so a call does one map read.
 *
 * @example
 * const limits = new RouteSetting(TIMEOUT_KEY);
 * limits.prepare(route, TodoController); // at init
 * limits.of(context.getRoute()) ?? defaultMs // per call
 */
export class RouteSetting {
  private readonly byRoute = new Map<HandlerEntry, number>();

  constructor(private readonly key: symbol) {}

  prepare(route: HandlerEntry, controller: Class): void {
    const value = MetadataHelper.getMetadata<number>(this.key, route.handler) ?? MetadataHelper.getMetadata<number>(this.key, controller);
    if (value !== undefined) this.byRoute.set(route, value);
  }

  of(route: HandlerEntry): number | undefined {
    return this.byRoute.get(route);
  }
}

/** Refuses a setting that is not a positive, finite number of milliseconds, naming where it came from. */
export function positiveMs(value: number, what: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${what} must be a positive number of milliseconds, got ${String(value)}.`);
  return value;
}
