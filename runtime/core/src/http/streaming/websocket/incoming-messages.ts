/** Who stops and restarts reading a socket (a `SocketSession`). */
export interface FlowControl {
  pause(): void;
  resume(): void;
}

const DONE: IteratorResult<unknown> = Object.freeze({ value: undefined, done: true });

/**
 * The messages a client sent, as the `AsyncIterable` a `@Messages()` parameter receives (its own
 * iterator: one handler reads it). When `pauseAt` messages wait, `flow` is paused (TCP flow
 * control makes the client wait) until the handler caught up; `end()` ends the loop.
 */
export class IncomingMessages implements AsyncIterable<unknown>, AsyncIterator<unknown> {
  /** Set once the socket is open (messages arrive only after that). */
  flow?: FlowControl;
  private queue?: unknown[];
  private waiting?: (result: IteratorResult<unknown>) => void;
  private ended = false;
  private paused = false;

  constructor(private readonly pauseAt: number) {}

  push(message: unknown): void {
    if (this.ended) return;
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake({ value: message, done: false });
      return;
    }
    // Created on first need: a handler that keeps up never queues.
    const queue = (this.queue ??= []);
    queue.push(message);
    if (!this.paused && queue.length >= this.pauseAt) {
      this.paused = true;
      this.flow?.pause();
    }
  }

  /** No message will come any more; those queued are still read. */
  end(): void {
    this.ended = true;
    const wake = this.waiting;
    this.waiting = undefined;
    wake?.(DONE);
  }

  [Symbol.asyncIterator](): AsyncIterator<unknown> {
    return this;
  }

  next(): Promise<IteratorResult<unknown>> {
    const { queue } = this;
    if (queue !== undefined && queue.length > 0) {
      const value = queue.shift();
      if (this.paused && queue.length < this.pauseAt / 2) {
        this.paused = false;
        this.flow?.resume();
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.ended) return Promise.resolve(DONE);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /**
   * Leaving the loop early drops what is queued, and reading goes on if the queue had paused it
   * (the client's close frame and pongs must still be read); the socket's own life is the session's.
   */
  return(): Promise<IteratorResult<unknown>> {
    if (this.queue) this.queue.length = 0;
    this.end();
    if (this.paused) {
      this.paused = false;
      this.flow?.resume();
    }
    return Promise.resolve(DONE);
  }
}
