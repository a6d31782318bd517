/**
 * Counts the handlers of a gRPC server that are still running, so that its drain can wait for them
 * as well as for its calls: a handler whose client cancelled (or whose call was cut) has no call
 * left for grpc-js to wait for, yet may still use the application's providers, which `app.close()`
 * tears down once the transports are closed.
 *
 * A counter and at most one waiter: a call pays an increment and a decrement, no promise.
 *
 * @example
 * const running = new RunningHandlers();
 * running.begin(); // as a handler starts
 * running.end(); // once it has settled
 * await running.settled(Date.now() + 5000); // at close: true once none runs, false at the deadline
 */
export class RunningHandlers {
  private count = 0;
  private wake?: () => void;

  /** How many handlers run now. */
  get size(): number {
    return this.count;
  }

  begin(): void {
    this.count++;
  }

  end(): void {
    if (--this.count === 0) this.wake?.();
  }

  /** Resolves `true` once no handler runs, or `false` when `deadline` (epoch ms) comes first. */
  settled(deadline: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve(this.count === 0);
      }, Math.max(0, deadline - Date.now()));
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve(true);
      };
    });
  }
}
