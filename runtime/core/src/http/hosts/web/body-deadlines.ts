import { onCloudflareWorkers } from '../../../hosting/workers-host.js';

/**
 * A body read the deadlines watch: `expire` ends it once the bound has passed since `watch`. Its
 * fields are the deadlines' own bookkeeping, kept on the read so that watching allocates nothing.
 */
export abstract class ExpiringRead {
  /** The deadlines' tick at which it expires. */
  deadline = 0;
  /** Its neighbours in the watch order. */
  earlier: ExpiringRead | undefined;
  later: ExpiringRead | undefined;
  /** Its own timer, on a host whose timers end with their request. */
  timer: ReturnType<typeof setTimeout> | undefined;
  abstract expire(): void;
}

/**
 * Whether a timer lives only as long as the request that made it: Cloudflare Workers cancel a
 * request's timers when it ends (and a promise of one request settled from another's hangs it),
 * so there a read is watched by a timer of its own.
 */
export function timersEndWithTheirRequest(): boolean {
  return onCloudflareWorkers();
}

/**
 * The bound `requestTimeoutMs` puts on every body the web adapter reads, kept by one interval for
 * all of them rather than a timer per body (on Deno a timer made and cleared per request cost more
 * than the rest of a small JSON body's read). The reads are a list in the order they began, linked
 * through the reads themselves (no Set: hashing a fresh object per request showed in the row), so
 * they also expire in that order. The interval runs every quarter of the bound while reads are under
 * way, and a read expires at the fifth tick after it began (ticks counted, no clock read per
 * request): a read that stalls ends between the bound and 1.25 times it. The interval stops at its
 * first tick with nothing to watch. Where timers end with their request (`timersEndWithTheirRequest`),
 * each read has a timer of its own instead.
 *
 * @example
 * const deadlines = new BodyDeadlines(30_000);
 * class Read extends ExpiringRead { expire() { reader.cancel(); } }
 * const read = new Read();
 * deadlines.watch(read);
 * await body.arrayBuffer();
 * deadlines.unwatch(read);
 */
export class BodyDeadlines {
  private first: ExpiringRead | undefined;
  private last: ExpiringRead | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly periodMs: number;
  private ticks = 0;

  constructor(
    readonly timeoutMs: number,
    private readonly timerPerRead = timersEndWithTheirRequest(),
  ) {
    this.periodMs = Math.max(10, Math.ceil(timeoutMs / 4));
  }

  watch(read: ExpiringRead): void {
    if (this.timerPerRead) {
      read.timer = setTimeout(() => {
        read.timer = undefined;
        read.expire();
      }, this.timeoutMs);
      return;
    }
    // The tick under way may come at once: four whole periods are waited for after it.
    read.deadline = this.ticks + 5;
    read.earlier = this.last;
    read.later = undefined;
    if (this.last) this.last.later = read;
    else this.first = read;
    this.last = read;
    if (this.timer === undefined) {
      this.timer = setInterval(() => this.tick(), this.periodMs);
      // The interval keeps no process alive: a read pending keeps its own connection.
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  /** Ends the watch of a read; one not watched (any more) is left as it is. */
  unwatch(read: ExpiringRead): void {
    if (read.timer !== undefined) {
      clearTimeout(read.timer);
      read.timer = undefined;
      return;
    }
    const { earlier, later } = read;
    if (earlier === undefined && this.first !== read) return;
    if (earlier) earlier.later = later;
    else this.first = later;
    if (later) later.earlier = earlier;
    else this.last = earlier;
    read.earlier = read.later = undefined;
  }

  private tick(): void {
    if (this.first === undefined) {
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    const now = ++this.ticks;
    // In the order they began, so in the order they expire: the first not yet due ends the visit.
    while (this.first !== undefined && this.first.deadline <= now) {
      const read = this.first;
      this.unwatch(read);
      read.expire();
    }
  }
}
