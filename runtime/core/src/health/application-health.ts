import type { Logger } from '../types/logger.js';
import type { HealthConfig } from './health-config.js';
import type { HealthIndicator, HealthReport, IndicatorReport } from './indicator.js';
import { IndicatorRunner } from './indicator-runner.js';

type Phase = 'starting' | 'serving' | 'shutting down';

/** One indicator's last result, as {@link HealthState.lastResults} gives it. */
export interface IndicatorResult {
  readonly name: string;
  readonly result?: IndicatorReport & { readonly atMs: number };
}

const LIVE: HealthReport = Object.freeze({ status: 'up', checks: Object.freeze({}) });

/**
 * What the application shows of its health state (`app.health`, and `TransportHost.health` for
 * transports): readiness and liveness, and a way to hear of changes.
 *
 * @example
 * const report = await app.health.readiness(); // { status: 'up', checks: { redis: { status: 'up' } } }
 */
export interface HealthState {
  /** Whether readiness was `up` when last evaluated (or when the phase last changed). */
  readonly ready: boolean;
  /** Liveness: `up` while the process answers at all. */
  liveness(): HealthReport;
  /** Readiness now: the phase, then every indicator (shared and cached). */
  readiness(): Promise<HealthReport>;
  /**
   * Each indicator's last result and when it was recorded (epoch milliseconds), without running
   * any: `result` is absent for one not checked yet.
   */
  lastResults(): readonly IndicatorResult[];
  /** Calls `listener` whenever readiness changes; returns the function that stops it. */
  subscribe(listener: (ready: boolean) => void): () => void;
  /** Keeps readiness evaluated every `watchIntervalMs` until the returned function is called. */
  keepChecking(): () => void;
}

/**
 * The application's one health state, which every transport reports (`app.health`): liveness,
 * and readiness from the application's phase and its indicators (see `HealthModule`). Readiness is
 * `down` while starting, from the moment `close()` begins, and while any indicator is down.
 * Transports ask `readiness()` when a probe comes, and `subscribe` to hear when it changes.
 *
 * @example
 * const report = await app.health.readiness(); // { status: 'up', checks: { redis: { status: 'up' } } }
 * app.health.subscribe((ready) => console.log(ready ? 'ready' : 'not ready'));
 */
export class ApplicationHealth implements HealthState {
  private phase: Phase = 'starting';
  private runners: readonly IndicatorRunner[] = [];
  private readonly listeners = new Set<(ready: boolean) => void>();
  private lastReady = false;
  private watchIntervalMs = 5000;
  private shutdownDelayMs = 0;
  private poll?: { timer: ReturnType<typeof setInterval>; users: number };

  constructor(private readonly logger: Logger) {}

  /** Takes the indicators and settings of `HealthModule` (at `init`, before the transports attach). */
  configure(config: HealthConfig, indicators: readonly HealthIndicator[]): void {
    const names = new Set<string>();
    for (const indicator of indicators) {
      if (indicator.name.trim() === '' || names.has(indicator.name)) {
        throw new TypeError(
          `HealthModule: ${indicator.name.trim() === '' ? 'an indicator has an empty name' : `two indicators are named '${indicator.name}'`}; give each indicator its own \`name\` (it names it in answers and logs).`,
        );
      }
      const { timeoutMs } = indicator;
      if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && Number.isFinite(timeoutMs) && timeoutMs > 0)) {
        throw new TypeError(`HealthModule: the indicator '${indicator.name}' has timeoutMs ${String(timeoutMs)}; give a number of milliseconds above 0, or none for HealthModule's.`);
      }
      names.add(indicator.name);
    }
    this.runners = indicators.map((indicator) => new IndicatorRunner(indicator, config, this.logger));
    this.watchIntervalMs = config.watchIntervalMs;
    this.shutdownDelayMs = config.shutdownDelayMs;
  }

  /** Whether readiness was `up` when last evaluated (or when the phase last changed). */
  get ready(): boolean {
    return this.lastReady;
  }

  lastResults(): readonly IndicatorResult[] {
    return this.runners.map((runner) => {
      const last = runner.lastResult;
      return { name: runner.indicator.name, ...(last ? { result: { ...last.report, atMs: last.atMs } } : {}) };
    });
  }

  /** Liveness: `up` while the process answers at all (shutting down included, so it is not killed mid-drain). */
  liveness(): HealthReport {
    return LIVE;
  }

  /** Readiness now: the phase, then every indicator (shared and cached, see `IndicatorRunner`). */
  async readiness(): Promise<HealthReport> {
    if (this.phase !== 'serving') return this.publish({ status: 'down', reason: this.phase, checks: {} });
    if (this.runners.length === 0) return this.publish({ status: 'up', checks: {} });
    const reports = await Promise.all(this.runners.map((runner) => runner.report()));
    // The phase may have changed while the indicators ran: a close that began meanwhile wins.
    if (this.phase !== 'serving') return this.publish({ status: 'down', reason: this.phase, checks: {} });
    const checks: Record<string, IndicatorReport> = {};
    for (const [index, runner] of this.runners.entries()) checks[runner.indicator.name] = reports[index]!;
    return this.publish({ status: reports.every((report) => report.status === 'up') ? 'up' : 'down', checks });
  }

  /** Calls `listener` whenever readiness changes; returns the function that stops it. */
  subscribe(listener: (ready: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /**
   * Checks readiness every `watchIntervalMs` until every caller has called the returned function,
   * so that watchers (gRPC `Watch`) hear of a change nobody probed for.
   */
  keepChecking(): () => void {
    if (this.runners.length > 0) {
      this.poll ??= { timer: setInterval(() => void this.readiness(), this.watchIntervalMs), users: 0 };
      (this.poll.timer as { unref?: () => void }).unref?.();
      this.poll.users++;
    }
    let stopped = false;
    return () => {
      if (stopped || !this.poll) return;
      stopped = true;
      if (--this.poll.users === 0) {
        clearInterval(this.poll.timer);
        this.poll = undefined;
      }
    };
  }

  /** `init` is done: readiness now follows the indicators. */
  started(): void {
    if (this.phase !== 'starting') return;
    this.phase = 'serving';
    void this.readiness();
  }

  /**
   * `close()` begins: readiness is `down` from now on, watchers are told, and the application keeps
   * serving for `shutdownDelayMs` so load balancers stop sending calls before it stops accepting.
   */
  async shuttingDown(): Promise<void> {
    if (this.phase === 'shutting down') return;
    this.phase = 'shutting down';
    if (this.poll) clearInterval(this.poll.timer);
    this.poll = undefined;
    this.publish({ status: 'down', reason: this.phase, checks: {} });
    if (this.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.shutdownDelayMs));
  }

  private publish(report: HealthReport): HealthReport {
    const ready = report.status === 'up';
    if (ready !== this.lastReady) {
      this.lastReady = ready;
      for (const listener of this.listeners) listener(ready);
    }
    return report;
  }
}
