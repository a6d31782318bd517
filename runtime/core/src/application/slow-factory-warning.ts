import type { ApplicationTables } from '../contract/tables.js';
import { factoryModuleOf } from '../di/module-values.js';
import type { SlowFactoryWatch } from '../di/slow-factory.js';
import type { Logger } from '../types/logger.js';

/** How long `init` waits for one async factory before it says so, by default. */
const DEFAULT_SLOW_FACTORY_WARNING_MS = 10_000;

// setTimeout runs a longer delay at once (Node warns and takes 1 ms).
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * The `slowFactoryWarningMs` option, checked when the application is created: milliseconds, 0
 * (no warning) up to setTimeout's longest delay.
 *
 * @example
 * slowFactoryWarningMsOf(undefined) // 10000
 */
export function slowFactoryWarningMsOf(value: number | undefined): number {
  if (value === undefined) return DEFAULT_SLOW_FACTORY_WARNING_MS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > LONGEST_TIMER_MS) {
    throw new TypeError(
      `FrameworkApplication: slowFactoryWarningMs must be a whole number of milliseconds from 0 (no warning) to ${LONGEST_TIMER_MS} (10000 warns after ten seconds); got ${String(value)}.`,
    );
  }
  return value;
}

/**
 * What `init` tells of an async factory still pending after `afterMs`: one `logger.warn` naming
 * the provider, the module that declares it and where it is written. `init` goes on waiting.
 * Nothing once `closing()` holds: `close()` has said what init still waits for.
 *
 * @example
 * new Injector(tables.providers, slowFactoryWarning(tables, logger, 10_000, () => false));
 * // app.init() is still waiting, after 10000 ms, for the async factory of 'DATABASE' in DatabaseModule (database/database.module.ts:12:5) …
 */
export function slowFactoryWarning(tables: ApplicationTables, logger: Logger, afterMs: number, closing: () => boolean): SlowFactoryWatch {
  return {
    afterMs,
    pending: (provider) => {
      if (closing()) return;
      const module = factoryModuleOf(tables.modules.map((m) => m.module), provider.token);
      logger.warn(
        `app.init() is still waiting, after ${afterMs} ms, for the async factory of ${provider.name}${module ? ` in ${module.name}` : ''} (${provider.source}): ` +
          'its promise has not settled. init goes on waiting; a factory that may never settle (a connection that hangs) needs a timeout of its own. ' +
          'The option slowFactoryWarningMs sets when this warning comes (0: never).',
      );
    },
  };
}
