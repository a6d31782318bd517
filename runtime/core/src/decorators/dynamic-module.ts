import type { Class } from '../types/class.js';

/**
 * A configured module placed in another module's `imports`, such as `ThrottlerModule.forRoot(...)`.
 * It provides what `create()` returns under the token of that value's class, and the classes in
 * `injectables`. `create()` runs once per application, so two applications in one process never
 * share state (such as throttle counters) through a configured module.
 * `framework-build` reads both from the type arguments of the call's return type, so a package
 * author declares what a dynamic module provides in its signature. The third, `Created`, says
 * whether `create()` answers the value itself or a promise of it (either, unless given), so a test
 * that calls `forRoot(…).create()` reads the value's members without awaiting:
 *
 * @example
 * static forRoot(options: ThrottlerOptions[]): DynamicModule<ThrottlerConfig, [], ThrottlerConfig> {
 *   return { module: ThrottlerModule, create: () => new ThrottlerConfig(options), injectables: [] };
 * }
 * ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }]).create().throttlers; // [{ name: 'default', … }]
 */
export interface DynamicModule<
  Value extends object = object,
  Injectables extends readonly Class[] = readonly Class[],
  Created extends Value | PromiseLike<Value> = Value | PromiseLike<Value>,
> {
  readonly module: Class;
  /** Builds the provided value; called once per application, at init (a promise is awaited there). */
  create(): Created;
  readonly injectables: Injectables;
}
