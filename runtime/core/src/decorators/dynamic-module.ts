import type { Class } from '../types/class.js';

/**
 * A configured module placed in another module's `imports`, such as `ThrottlerModule.forRoot(...)`.
 * It provides what `create()` returns under the token of that value's class, and the classes in
 * `injectables`. `create()` runs once per application, so two applications in one process never
 * share state (such as throttle counters) through a configured module.
 * `framework-build` reads both from the type arguments of the call's return type, so a package
 * author declares what a dynamic module provides in its signature:
 *
 * @example
 * static forRoot(options: ThrottlerOptions[]): DynamicModule<ThrottlerConfig, []> {
 *   return { module: ThrottlerModule, create: () => new ThrottlerConfig(options), injectables: [] };
 * }
 */
export interface DynamicModule<Value extends object = object, Injectables extends readonly Class[] = readonly Class[]> {
  readonly module: Class;
  /** Builds the provided value; called once per application, at init (a promise is awaited there). */
  create(): Value | PromiseLike<Value>;
  readonly injectables: Injectables;
}
