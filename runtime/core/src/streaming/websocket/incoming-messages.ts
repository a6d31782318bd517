/**
 * The messages a client sent, as the `AsyncIterable` a `@Messages()` parameter receives: a queue
 * the socket pushes into and the handler pulls from. When more than `pauseAt` messages wait, the
 * socket is paused (it stops reading, so TCP flow control makes the client wait) until the handler
 * has caught up. `end()` finishes the iteration (the socket closed); a handler waiting for the next
 * message then sees the loop end.
 *
 * @example
 * const incoming = new IncomingMessages(16, { pause: () => ws.pause(), resume: () => ws.resume() });
 * ws.on('message', (data) => incoming.push(JSON.parse(String(data))));
 */
export class IncomingMessages implements AsyncIterable<unknown> {
  private readonly queue: unknown[] = [];
  private waiting?: (result: IteratorResult<unknown>) => void;
  private ended = false;
  private paused = false;

  constructor(
    private readonly pauseAt: number,
    private readonly flow: { pause(): void; resume(): void },
  ) {}

  push(message: unknown): void {
    if (this.ended) return;
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake({ value: message, done: false });
      return;
    }
    this.queue.push(message);
    if (!this.paused && this.queue.length >= this.pauseAt) {
      this.paused = true;
      this.flow.pause();
    }
  }

  /** No message will come any more; those queued are still read. */
  end(): void {
    this.ended = true;
    const wake = this.waiting;
    this.waiting = undefined;
    wake?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<unknown> {
    return {
      next: () => {
        if (this.queue.length > 0) {
          const value = this.queue.shift();
          if (this.paused && this.queue.length < this.pauseAt / 2) {
            this.paused = false;
            this.flow.resume();
          }
          return Promise.resolve({ value, done: false });
        }
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.waiting = resolve));
      },
      // Leaving the loop early drops what is queued; the socket's own life is the session's.
      return: () => {
        this.queue.length = 0;
        this.end();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
