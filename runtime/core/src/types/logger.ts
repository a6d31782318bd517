/**
 * Where the runtime's errors, warnings and notes go; `console` fits.
 *
 * @example
 * new FrameworkApplication(tables, { logger: { error: (m, e) => log.error({ err: e }, m), warn: (m) => log.warn(m), log: (m) => log.info(m) } });
 */
export interface Logger {
  error(message: string, error?: unknown): void;
  warn(message: string): void;
  log(message: string): void;
}

/**
 * The method by which a provider takes the application's logger: `app.init()` calls it on every
 * singleton that has it, once they are all created and before any `onAppBootstrap`, so that what
 * the provider reports goes where the application's `logger` option says (`JwtService`'s remote
 * key set failures).
 *
 * @example
 * class KeyWatcher { private logger: Logger = console; [USE_APP_LOGGER](logger: Logger) { this.logger = logger; } }
 */
export const USE_APP_LOGGER: unique symbol = Symbol('framework.useAppLogger');

/** A provider that takes the application's logger (`USE_APP_LOGGER`). */
export interface TakesAppLogger {
  [USE_APP_LOGGER](logger: Logger): void;
}
