/**
 * One dependency the application needs to serve its calls (a database, Redis, a downstream API),
 * checked by readiness probes. Register it with `HealthModule.forRoot({ indicators: [...] })` (a
 * class, created by the injector with its dependencies) or `{ instances: [...] }` (an object).
 *
 * `check` resolves when the dependency is usable and throws (or rejects) when it is not. It runs
 * at most once at a time: a call still running when its timeout passes answers `down` ("timed
 * out"), its `signal` is aborted, and no second call starts until the first one has settled.
 *
 * @example
 * export class DatabaseHealthIndicator implements HealthIndicator {
 *   readonly name = 'database';
 *   constructor(private readonly db: Database) {}
 *   async check(signal: AbortSignal): Promise<void> {
 *     await this.db.query('select 1', { signal });
 *   }
 * }
 */
export interface HealthIndicator {
  /** How the indicator is named in answers and logs (`database`, `redis`); unique in the application. */
  readonly name: string;
  /** This indicator's own timeout in milliseconds, instead of `HealthModule`'s `timeoutMs`. */
  readonly timeoutMs?: number;
  /** Resolves when the dependency is usable, throws when it is not; stop when `signal` aborts. */
  check(signal: AbortSignal): unknown;
}

/** `up` when the dependency (or the application as a whole) can serve calls, `down` when it cannot. */
export type HealthStatus = 'up' | 'down';

/** One indicator's part of a readiness answer. */
export interface IndicatorReport {
  readonly status: HealthStatus;
  /** Why it is down: its check threw (`failed`) or did not answer within its timeout (`timed out`). */
  readonly reason?: 'failed' | 'timed out';
}

/**
 * The readiness or liveness answer, as the HTTP probes serve it (JSON) and the gRPC health service
 * reports it (`SERVING` when `status` is `up`). The error behind a failed check is logged, never
 * answered.
 *
 * @example
 * { status: 'down', checks: { database: { status: 'up' }, redis: { status: 'down', reason: 'timed out' } } }
 * { status: 'down', reason: 'shutting down', checks: {} }
 */
export interface HealthReport {
  readonly status: HealthStatus;
  /** Why the application as a whole is not ready, whatever its indicators say. */
  readonly reason?: 'starting' | 'shutting down';
  /** Each indicator by name (empty for liveness, and while starting or shutting down). */
  readonly checks: Readonly<Record<string, IndicatorReport>>;
}

/**
 * Whether a value can serve as a `HealthIndicator` (a name and a `check` function).
 *
 * @example
 * isHealthIndicator({ name: 'redis', check: () => redis.ping() }) // true
 */
export function isHealthIndicator(value: unknown): value is HealthIndicator {
  const candidate = value as Partial<HealthIndicator> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.name === 'string' && typeof candidate.check === 'function';
}
