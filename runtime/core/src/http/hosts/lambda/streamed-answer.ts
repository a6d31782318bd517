import type { Writable } from 'node:stream';
import { LambdaAnswer } from './lambda-answer.js';
import type { ResultHead } from './result-head.js';

/** The members of the Lambda Node.js runtime's `awslambda` global that response streaming uses. */
export interface StreamingRuntime {
  streamifyResponse(handler: (event: unknown, stream: Writable, context: unknown) => Promise<void>): unknown;
  HttpResponseStream: { from(stream: Writable, prelude: { statusCode: number; headers: Record<string, string>; cookies: string[] }): Writable };
}

/**
 * An answer written to the Lambda runtime's response stream as it comes: the head as the stream's
 * prelude, then the body with the stream's back-pressure. The stream closing before the end is the
 * client gone; `done` settles once the answer is over (rejects with the failure of a cut one).
 *
 * @example
 * const answer = new StreamedAnswer(awslambda, responseStream);
 * answer.open(200, head); answer.write(bytes); answer.end();
 * await answer.done;
 */
export class StreamedAnswer extends LambdaAnswer {
  private body?: Writable;

  constructor(
    private readonly runtime: StreamingRuntime,
    private readonly stream: Writable,
  ) {
    super();
  }

  /** Settles once the answer is over; rejects with the failure of one that could not be completed. */
  get done(): Promise<void> {
    return this.closed.then(() => {
      if (this.failure) throw this.failure;
    });
  }

  open(status: number, head: ResultHead): void {
    if (this.over) return;
    const body = this.runtime.HttpResponseStream.from(this.stream, { statusCode: status, headers: head.record(), cookies: head.cookies });
    this.body = body;
    const closed = (): void => this.stop(false, new DOMException('The client closed the response stream.', 'AbortError'));
    body.once('close', closed).on('error', closed);
  }
  write(chunk: Uint8Array): boolean {
    if (this.over) return true;
    return this.body!.write(chunk);
  }
  ready(): Promise<void> {
    const { body } = this;
    if (this.over || !body) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = (): void => {
        body.off('drain', done).off('close', done);
        resolve();
      };
      body.once('drain', done).once('close', done);
    });
  }
  end(): void {
    if (this.over) return;
    this.body!.end(() => this.stop(true));
  }
  override fail(error: Error): void {
    if (this.over) return;
    super.fail(error);
    this.body?.destroy(error);
  }
}
