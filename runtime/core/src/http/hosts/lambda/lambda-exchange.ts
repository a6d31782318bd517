import { BodyTooLargeException } from '../../../exceptions/request-exceptions.js';
import type { AnswerHeaders, BodyDone, BodySink, HeadLines, HostExchange } from '../../pipeline/host-exchange.js';
import type { SocketUpgrade } from '../../streaming/websocket/socket-port.js';
import { streamSource, type BodySource } from '../../uploads/body-source.js';
import { lengthMismatch, lengthRefusal } from '../../pipeline/declared-length.js';
import { webRequestOf, type EventRequest } from './event-request.js';
import type { LambdaAnswer } from './lambda-answer.js';
import { headOf, responseHeadOf, type ResultHead } from './result-head.js';

const noBytes = new Uint8Array(0);
const ignore = (): undefined => undefined;

/**
 * The host port over a Lambda HTTP event, read once (`eventRequestOf`), and its answer
 * (`LambdaAnswer`: the buffered result, or the runtime's response stream). No Web `Request`,
 * `Response` or `Headers` is made unless asked: `webRequest` for `@Req().raw`, a handler's own
 * `Response` read as it is. HEAD answers keep their head and lose their body.
 *
 * @example
 * const answer = new BufferedAnswer(kind, `${request.method} ${request.target}`);
 * serve(new LambdaExchange(request, answer));
 * return answer.result;
 */
export class LambdaExchange implements HostExchange {
  /** Headers of every answer (`setAnswerHeader`). */
  private preset?: Record<string, string>;
  private sentStatus?: number;

  constructor(
    readonly request: EventRequest,
    private readonly answer: LambdaAnswer,
  ) {}

  get method(): string {
    return this.request.method;
  }
  get target(): string {
    return this.request.target;
  }
  get authority(): string {
    return this.request.authority;
  }
  get secure(): boolean {
    return this.request.secure;
  }
  get protocolVersion(): undefined {
    return undefined;
  }
  header(lowerCaseName: string): string | undefined {
    const { joined } = this.request.headers;
    return joined[lowerCaseName] ?? joined[lowerCaseName.toLowerCase()];
  }
  /** By name, as a `Headers` iterates them. */
  headers(): Record<string, string> {
    const { joined } = this.request.headers;
    const record = Object.create(null) as Record<string, string>;
    for (const name of Object.keys(joined).sort()) record[name] = joined[name]!;
    return record;
  }
  remoteAddress(): string {
    return this.request.remoteAddress;
  }

  /** The body is in the event: read at once, held to `limit` and to a declared `Content-Length`. */
  readBody(limit: number, done: BodyDone): void {
    const bytes = this.bytes();
    const declared = this.header('content-length');
    const error =
      declared === undefined
        ? bytes.byteLength > limit
          ? new BodyTooLargeException(limit)
          : undefined
        : (lengthRefusal(declared, this.header('transfer-encoding')) ?? lengthMismatch(bytes.byteLength, Number(declared), limit));
    done(error, error ? noBytes : bytes);
  }
  bodySource(limit: number): BodySource {
    return streamSource(this.request.body === undefined ? null : within(this.bytes(), limit));
  }
  private bytes(): Uint8Array {
    const { body } = this.request;
    return body === undefined ? noBytes : typeof body === 'string' ? Buffer.from(body) : body;
  }

  send(status: number, headers: AnswerHeaders | HeadLines | undefined, body: string | Uint8Array | undefined): void {
    const withoutBody = this.method === 'HEAD';
    const head = headOf(headers, withoutBody, this.preset);
    // What a `Response` adds to a text body sent without a type.
    if (typeof body === 'string' && !withoutBody && !head.has('content-type')) head.set('content-type', 'text/plain;charset=UTF-8');
    this.open(status, head);
    if (body !== undefined && !withoutBody) this.answer.write(typeof body === 'string' ? Buffer.from(body) : body);
    this.answer.end();
  }
  openBody(status: number, headers: AnswerHeaders): BodySink {
    this.open(status, headOf(headers, false, this.preset));
    const { answer } = this;
    if (this.method === 'HEAD') {
      answer.end();
      // The producer stops at once: nothing it writes is sent.
      return { write: () => true, ready: () => Promise.resolve(), end: ignore, onGone: (watcher) => queueMicrotask(() => watcher.gone(undefined)) };
    }
    return {
      write: (chunk) => answer.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk),
      ready: () => answer.ready(),
      end: () => answer.end(),
      onGone: (watcher) => answer.onGone(watcher),
    };
  }
  sendResponse(response: Response, headers: AnswerHeaders | undefined): void | Promise<void> {
    this.open(response.status, responseHeadOf(response, this.preset ? { ...this.preset, ...headers } : headers));
    const { body } = response;
    if (body !== null && this.method !== 'HEAD') return pump(body, this.answer);
    body?.cancel().catch(ignore);
    this.answer.end();
  }
  setAnswerHeader(lowerCaseName: string, value: string): void {
    (this.preset ??= {})[lowerCaseName] = value;
  }
  get headSent(): boolean {
    return this.sentStatus !== undefined;
  }
  cut(): void {
    this.answer.fail(new Error('The answer failed after it began: it cannot be completed.'));
  }
  onClose(listener: (complete: boolean) => void): void {
    void this.answer.closed.then(listener);
  }
  get status(): number | undefined {
    return this.sentStatus;
  }
  /** Lambda opens no WebSocket. */
  upgrade(): SocketUpgrade | undefined {
    return undefined;
  }
  webRequest(signal: AbortSignal): Request {
    return webRequestOf(this.request, signal);
  }

  private open(status: number, head: ResultHead): void {
    this.sentStatus = status;
    this.answer.open(status, head);
  }
}

/** The event's body as the form reader pulls it: one chunk, or a `BodyTooLargeException` past `limit`. */
async function* within(bytes: Uint8Array, limit: number): AsyncGenerator<Uint8Array> {
  if (bytes.byteLength > limit) throw new BodyTooLargeException(limit);
  if (bytes.byteLength > 0) yield bytes;
}

/** A handler's `Response` body written into the answer, with its back-pressure; the answer gone cancels it. */
async function pump(body: ReadableStream<Uint8Array>, answer: LambdaAnswer): Promise<void> {
  const reader = body.getReader();
  let gone = false;
  answer.onGone({ gone: () => void ((gone = true), reader.cancel().catch(ignore)) });
  for (let next = await reader.read(); !next.done && !gone; next = await reader.read()) {
    if (!answer.write(next.value)) await answer.ready();
  }
  answer.end();
}
