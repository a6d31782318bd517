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
