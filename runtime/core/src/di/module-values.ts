import type { Class } from '../types/class.js';
import { moduleOptionsOf } from '../decorators/records.js';

function entryOf(module: Class, index: number): Record<string, unknown> {
  const entry = moduleOptionsOf(module)?.injectables?.[index];
  if (entry === undefined || typeof entry !== 'object' || entry === null) {
    throw new TypeError(
      `${module.name}: injectables[${index}] is not a { token, … } entry as the generated tables expect. ` +
        'The tables are stale: run `framework-build <your src dir>` again.',
    );
  }
  return entry as Record<string, unknown>;
}

/**
 * The `useValue` of entry `index` of a module's `injectables`, as written in `@Module(...)`.
 * Generated tables call it for values the compiler cannot copy statically.
 *
 * @example
 * create: () => injectableValue(AppModule, 2)
 */
export function injectableValue(module: Class, index: number): unknown {
  return entryOf(module, index).useValue;
}

/**
 * The `token` of entry `index` of a module's `injectables`, for tokens that are not importable.
 *
 * @example
 * token: injectableToken(AppModule, 3)
 */
export function injectableToken(module: Class, index: number): unknown {
  return entryOf(module, index).token;
}

/**
 * The `useFactory` of entry `index` of a module's `injectables`, as written in `@Module(...)`.
 * Generated tables call it with the instances of the entry's `inject` list.
 *
 * @example
 * create: (d) => injectableFactory(AppModule, 1)(...d)
 */
export function injectableFactory(module: Class, index: number): (...args: readonly unknown[]) => unknown {
  const factory = entryOf(module, index).useFactory;
  if (typeof factory !== 'function') {
    throw new TypeError(`${module.name}: injectables[${index}].useFactory is not a function as the generated tables expect. The tables are stale: run \`framework-build <your src dir>\` again.`);
  }
  return factory as (...args: readonly unknown[]) => unknown;
}

/**
 * The one module among `modules` whose `injectables` hold a `{ token, useFactory }` entry for
 * `token`; undefined when none or several do. For messages only: the tables say where a factory is
 * written, not in which module.
 *
 * @example
 * factoryModuleOf(tables.modules.map((m) => m.module), 'DATABASE') // DatabaseModule
 */
export function factoryModuleOf(modules: readonly Class[], token: unknown): Class | undefined {
  const declaring = modules.filter((module) =>
    (moduleOptionsOf(module)?.injectables ?? []).some((entry) => typeof entry === 'object' && entry.token === token && 'useFactory' in entry),
  );
  return declaring.length === 1 ? declaring[0] : undefined;
}
