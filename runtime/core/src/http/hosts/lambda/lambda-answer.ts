import type { SinkWatcher } from '../../streaming/sse/event-sink.js';
import { HttpException } from '../../../exceptions/http-exception.js';
import { MethodNotAllowedException } from '../../../exceptions/built-in.js';
import type { HostRefusal } from './events.js';
import type { ResultHead } from './result-head.js';
import { errorAnswer } from './response-result.js';

/**
 * Where a `LambdaExchange`'s answer goes, the head first, then the body's chunks: a buffered result
 * (`BufferedAnswer`) or the Lambda runtime's response stream (`StreamedAnswer`). Once the answer
 * is over (ended, gone, failed) every later call is ignored.
 *
 * @example
 * answer.open(200, head);
 * if (!answer.write(bytes)) await answer.ready();
 * answer.end();
 */
export abstract class LambdaAnswer {
  /** Settles once the answer is over: true when it was handed over whole, false when it went or failed. */
  readonly closed: Promise<boolean>;
  /** Why the answer failed (`fail`): the invocation fails with it. */
  protected failure?: Error;
  protected over = false;
  private close!: (complete: boolean) => void;
  private watcher?: SinkWatcher;
  /** Why the answer is over before its producer's end. */
  private goneFor?: unknown;

  constructor() {
    this.closed = new Promise((resolve) => (this.close = resolve));
  }

  /** Gives the head; the body follows by `write`, then `end`. */
  abstract open(status: number, head: ResultHead): void;
  /** Writes one chunk of the body; false once the consumer's buffer is full (then wait for `ready`). */
  abstract write(chunk: Uint8Array): boolean;
  /** Resolves once the consumer takes more, or the answer is over. */
  abstract ready(): Promise<void>;
  abstract end(): void;

  /** Answers an event no request can be made of: a 405 as a server's, else a 400 saying why. */
  refuse(refusal: HostRefusal): void {
    const { status, head, body } = errorAnswer(refusal.status === 405 ? new MethodNotAllowedException() : new HttpException(400, refusal.refused));
    this.open(status, head);
    this.write(body);
    this.end();
  }

  /** Ends an answer that began and cannot be completed (the port's `cut`): the invocation fails with `error`. */
  fail(error: Error): void {
    if (this.over) return;
    this.failure = error;
    this.stop(false, error);
  }
  /** Tells `watcher` once when the answer is over before its producer's `end` (at once when it is already). */
  onGone(watcher: SinkWatcher): void {
    if (this.goneFor !== undefined) return watcher.gone(this.goneFor);
    this.watcher = watcher;
  }

  /**
   * Marks the answer over, `complete` when it was handed over whole; with a `reason`, the producer
   * still writing is told to stop (the consumer went, the answer was replaced or failed).
   */
  protected stop(complete: boolean, reason?: unknown): void {
    if (this.over) return;
    this.over = true;
    this.close(complete);
    if (reason === undefined) return;
    this.goneFor = reason;
    this.watcher?.gone(reason);
  }
}
