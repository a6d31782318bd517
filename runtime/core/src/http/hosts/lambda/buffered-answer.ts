import { HttpException } from '../../../exceptions/http-exception.js';
import { InternalServerErrorException } from '../../../exceptions/built-in.js';
import type { EventKind } from './events.js';
import type { EventRequest } from './event-request.js';
import { LambdaAnswer } from './lambda-answer.js';
import type { ResultHead } from './result-head.js';
import { errorAnswer, MAX_RESULT_BODY_BYTES, MAX_RESULT_BYTES, resultOf, type LambdaHttpResult } from './response-result.js';

const TOO_LARGE = `The answer is larger than a Lambda function can return (${MAX_RESULT_BODY_BYTES} bytes of body here, 6 MB of result): stream it with lambdaStreamingHandler.`;
const tooLarge = (): HttpException => Object.assign(new InternalServerErrorException(), { message: TOO_LARGE });

/**
 * An answer collected into the result `lambdaHandler` returns, in the shape of the event's kind.
 * An event stream is a 501 (it never ends: buffering it would hold the invocation until its
 * timeout), a body past `MAX_RESULT_BODY_BYTES`, or whose result would be past `MAX_RESULT_BYTES`,
 * a 500; either way the producer is told to stop.
 *
 * @example
 * const answer = new BufferedAnswer('http-api', request);
 * answer.open(200, head); answer.write(bytes); answer.end();
 * await answer.result; // { statusCode: 200, headers: {…}, cookies: [], body: '…', isBase64Encoded: false }
 */
export class BufferedAnswer extends LambdaAnswer {
  /** The result once the answer ended; rejects with the failure of one that could not be completed. */
  readonly result: Promise<LambdaHttpResult>;
  private settle!: (result: LambdaHttpResult) => void;
  private reject!: (error: Error) => void;
  private status = 0;
  private head?: ResultHead;
  private readonly chunks: Uint8Array[] = [];
  private size = 0;

  constructor(
    private readonly kind: EventKind,
    /** The request, which the 501 names; none for a refused event. */
    private readonly request: EventRequest | undefined,
  ) {
    super();
    this.result = new Promise((resolve, reject) => {
      this.settle = resolve;
      this.reject = reject;
    });
  }

  open(status: number, head: ResultHead): void {
    if (this.over) return;
    this.status = status;
    this.head = head;
    if (head.get('content-type')?.startsWith('text/event-stream')) {
      const { method, target } = this.request!;
      this.replace(new HttpException(501, `${method} ${target.split('?')[0]} answers an event stream, which a buffered Lambda handler cannot send: serve it with lambdaStreamingHandler (a function URL in RESPONSE_STREAM mode).`));
    }
  }
  write(chunk: Uint8Array): boolean {
    if (this.over) return true;
    this.size += chunk.byteLength;
    if (this.size > MAX_RESULT_BODY_BYTES) this.replace(tooLarge());
    else this.chunks.push(chunk);
    return true;
  }
  ready(): Promise<void> {
    return Promise.resolve();
  }
  end(): void {
    if (this.over) return;
    const result = resultOf(this.status, this.head!, Buffer.concat(this.chunks), this.kind);
    // Text goes into the result escaped (a quote takes two bytes, a control character six): past a
    // mebibyte of body, the result as the runtime will send it is measured.
    if (this.size > 1024 * 1024 && Buffer.byteLength(JSON.stringify(result)) > MAX_RESULT_BYTES) return this.replace(tooLarge());
    this.settle(result);
    this.stop(true);
  }
  override fail(error: Error): void {
    if (!this.over) this.reject(error);
    super.fail(error);
  }

  /** Answers `error` instead, and stops the producer. */
  private replace(error: HttpException): void {
    const { status, head, body } = errorAnswer(error);
    this.settle(resultOf(status, head, body, this.kind));
    this.stop(true, error);
  }
}
