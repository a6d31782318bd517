import type { Logger } from '../types/logger.js';

/**
 * Logs the failures of a backend (Redis) at most once per `everyMs`: an outage must not flood the
 * log at request rate. Each line says how many failures went unreported since the one before.
 *
 * @example
 * const outage = new OutageLog(console, 10_000);
 * outage.report('RedisCacheStore: Redis is unavailable, answers are not cached', error);
 */
export class OutageLog {
  private lastAt = -Infinity;
  private unreported = 0;

  constructor(
    private readonly logger: Pick<Logger, 'error'>,
    private readonly everyMs = 10_000,
  ) {}

  report(message: string, error: unknown): void {
    const now = Date.now();
    if (now - this.lastAt < this.everyMs) {
      this.unreported++;
      return;
    }
    const skipped = this.unreported > 0 ? ` (${this.unreported} more failures since the last report)` : '';
    this.logger.error(`${message}${skipped}`, error);
    this.lastAt = now;
    this.unreported = 0;
  }
}
