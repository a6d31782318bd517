import { moduleOptionsOf } from '../decorators/records.js';
import type { DynamicModule } from '../decorators/dynamic-module.js';
import type { Class } from '../types/class.js';

/**
 * Creates the value of the dynamic module at `imports[index]` of a module, for one application.
 * Generated tables call it from the provider's `create`, so once per application.
 *
 * @example
 * create: () => dynamicModuleValue(AppModule, 0)
 */
export function dynamicModuleValue(module: Class, index: number): unknown {
  const entry = moduleOptionsOf(module)?.imports?.[index] as Partial<DynamicModule> | undefined;
  if (!entry || typeof entry !== 'object' || typeof entry.create !== 'function') {
    throw new TypeError(
      `${module.name}: imports[${index}] is not a configured module (such as ThrottlerModule.forRoot(...)) as the generated tables expect. ` +
        'The tables are stale: run `framework-build <your src dir>` again.',
    );
  }
  return entry.create();
}
