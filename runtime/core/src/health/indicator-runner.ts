import type { Logger } from '../types/logger.js';
import type { HealthIndicator, IndicatorReport } from './indicator.js';

const UP: IndicatorReport = Object.freeze({ status: 'up' });
const FAILED: IndicatorReport = Object.freeze({ status: 'down', reason: 'failed' });
const TIMED_OUT: IndicatorReport = Object.freeze({ status: 'down', reason: 'timed out' });

/**
 * Hung calls abandoned and still pending past which each further one waits twice as long as the
 * last before it is abandoned (each may hold a socket): a dependency that hangs for good costs a
 * call per doubling of the time, and readiness still comes back with it.
 */
export const MAX_ABANDONED = 4;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs one indicator for every probe that asks, without letting probes multiply its work: callers
 * that arrive while a check runs share it, a result is reused for `cacheMs`, and a check that hangs
 * past its timeout is answered `timed out` (its signal aborted) while it stays the only one running,
 * so a dependency that never answers costs one pending call, not one per probe. A check that ignores
 * its signal and is still pending a grace period (its timeout again) after its timeout is abandoned,
 * and the next probe starts a new one: a dependency that recovers is seen up even when the hung
 * call never returns (past `MAX_ABANDONED` pending ones, each waits twice as long as the last); an
 * abandoned call that settles later is not recorded over a newer round's. Transitions between
 * up and down are logged once each, with the error behind a failure (which answers never carry).
 *
 * @example
 * const runner = new IndicatorRunner(indicator, { timeoutMs: 500, cacheMs: 1000 }, console);
 * const report = await runner.report(); // { status: 'down', reason: 'timed out' }
 */
export class IndicatorRunner {
  /** The indicator's call still running, even after its timeout answered: no second call starts meanwhile. */
  private running?: Promise<void>;
  /** When `running` started (`performance.now()`). */
  private runningSince = 0;
  /** Calls abandoned as hung that have not settled yet. */
  private abandoned = 0;
  /** The number of the latest round: an older round's late outcome is not recorded over it. */
  private generation = 0;
  /** The answer of the current round: the call's outcome or its timeout, whichever came first. */
  private answer?: Promise<IndicatorReport>;
  private last?: { readonly report: IndicatorReport; readonly at: number };
  private logged: IndicatorReport = UP;
  private readonly timeoutMs: number;

  constructor(
    readonly indicator: HealthIndicator,
    private readonly settings: { readonly timeoutMs: number; readonly cacheMs: number },
    private readonly logger: Logger,
  ) {
    this.timeoutMs = indicator.timeoutMs ?? settings.timeoutMs;
  }

  /**
   * The last result recorded (by a probe, a watch or a timeout) and when, in epoch milliseconds;
   * `undefined` before the first. Reading it runs nothing.
   */
  get lastResult(): { readonly report: IndicatorReport; readonly atMs: number } | undefined {
    return this.last && { report: this.last.report, atMs: performance.timeOrigin + this.last.at };
  }

  /** The indicator's status: the cached one while fresh, else the running round's, else a new round's. */
  report(): Promise<IndicatorReport> {
    const last = this.last;
    if (last && performance.now() - last.at < this.settings.cacheMs) return Promise.resolve(last.report);
    if (this.answer) return this.answer;
    // A call left hanging by an earlier round is still the only one allowed: it answers timed out at
    // once, until it has hung for its timeout twice over (longer, past MAX_ABANDONED pending ones);
    // then it is abandoned and a new round starts.
    if (this.running) {
      const patience = 2 * this.timeoutMs * 2 ** Math.max(0, this.abandoned - MAX_ABANDONED + 1);
      if (performance.now() - this.runningSince < patience) return Promise.resolve(this.settle(TIMED_OUT));
      this.abandon(this.running);
    }
    const answer = this.round();
    this.answer = answer;
    return answer;
  }

  private round(): Promise<IndicatorReport> {
    const abort = new AbortController();
    const generation = ++this.generation;
    // An abandoned round's outcome answers its own promise (long settled) but is not recorded.
    const outcome = (report: IndicatorReport, detail?: string): IndicatorReport => (generation === this.generation ? this.settle(report, detail) : report);
    return new Promise<IndicatorReport>((resolve) => {
      const timer = setTimeout(() => {
        abort.abort(new Error(`health check '${this.indicator.name}' timed out after ${this.timeoutMs} ms`));
        resolve(this.settle(TIMED_OUT, `did not answer within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      // Unref'd: a pending check must not keep a closing process alive.
      (timer as { unref?: () => void }).unref?.();
      const running = (async () => this.indicator.check(abort.signal))().then(
        () => {
          clearTimeout(timer);
          resolve(outcome(UP));
        },
        (error: unknown) => {
          clearTimeout(timer);
          resolve(outcome(FAILED, messageOf(error)));
        },
      );
      const tracked: Promise<void> = running.finally(() => {
        if (this.running === tracked) this.running = undefined;
      });
      this.running = tracked;
      this.runningSince = performance.now();
    }).finally(() => (this.answer = undefined));
  }

  private abandon(hung: Promise<void>): void {
    this.running = undefined;
    this.abandoned++;
    void hung.finally(() => this.abandoned--);
  }

  /**
   * Records a report and logs a transition. A call that settles after its timeout answered records
   * its outcome too: a dependency that recovers is seen up without waiting for another round.
   */
  private settle(report: IndicatorReport, detail?: string): IndicatorReport {
    this.last = { report, at: performance.now() };
    if (report.status !== this.logged.status || report.reason !== this.logged.reason) {
      const name = this.indicator.name;
      if (report.status === 'up') this.logger.log(`health: '${name}' is up again`);
      else this.logger.warn(`health: '${name}' is down (${report.reason}): ${detail ?? 'still no answer to the earlier check'}`);
      this.logged = report;
    }
    return report;
  }
}
