import { moduleOptionsOf } from '../decorators/records.js';
import type { Class } from '../tables.js';

/**
 * A configured module placed in another module's `imports`, such as `ThrottlerModule.forRoot(...)`.
 * It provides `value` under the token of `value`'s class, and the classes in `injectables`.
 * `framework-build` reads both from the type arguments of the call's return type, so a package
 * author declares what a dynamic module provides in its signature:
 *
 * @example
 * static forRoot(options: ThrottlerOptions[]): DynamicModule<ThrottlerConfig, []> {
 *   return { module: ThrottlerModule, value: new ThrottlerConfig(options), injectables: [] };
 * }
 */
export interface DynamicModule<Value extends object = object, Injectables extends readonly Class[] = readonly Class[]> {
  readonly module: Class;
  readonly value: Value;
  readonly injectables: Injectables;
}

/**
 * The value of the dynamic module at `imports[index]` of a module. Generated tables call it.
 *
 * @example
 * create: () => dynamicModuleValue(AppModule, 0)
 */
export function dynamicModuleValue(module: Class, index: number): unknown {
  const entry = moduleOptionsOf(module)?.imports?.[index] as Partial<DynamicModule> | undefined;
  if (!entry || typeof entry !== 'object' || !('value' in entry)) {
    throw new TypeError(
      `${module.name}: imports[${index}] is not a configured module (such as ThrottlerModule.forRoot(...)) as the generated tables expect. ` +
        'The tables are stale: run `framework-build <your src dir>` again.',
    );
  }
  return entry.value;
}
