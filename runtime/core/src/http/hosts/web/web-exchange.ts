import { RequestAbortedException } from '../../../exceptions/request-exceptions.js';
import { lengthMismatch, lengthRefusal } from '../../pipeline/declared-length.js';
import type { AnswerHeaders, BodyDone, BodySink, HeadLines, HostExchange } from '../../pipeline/host-exchange.js';
import type { ServerBindings } from '../../served-http.js';
import { hostedAddress } from './hosted-address.js';
import { IN_A_WORKER, workerAnswer } from './in-a-worker.js';
import { copiedResponse } from './copied-response.js';
import { callHeaderLines } from '../../pipeline/response-call-headers.js';
import { webEventSink } from './sse/web-sink.js';
import { withoutBody } from './without-body.js';
import { joined } from '../../pipeline/ready-body.js';
import { eachAnswerHeader } from '../../pipeline/each-answer-header.js';
import type { SocketLimits, SocketUpgrade } from '../../streaming/websocket/socket-port.js';
import { nodeUpgradeOf } from '../node/websocket/node-upgrade-env.js';
import { denoUpgrade } from './websocket/deno-upgrade.js';
import { hostedHandshakeOf } from './websocket/hosted-handshake.js';
import { streamSource, type BodySource } from '../../uploads/body-source.js';
import { DeclaredRead, TimedBody, timedChunks } from './timed-body.js';
import type { BodyDeadlines } from './body-deadlines.js';

const noBytes = new Uint8Array(0);

/**
 * A head as a `Response`'s `headers`, `preset` filling the names it lacks: a plain record where
 * every header has one line (Deno and Bun read it without iterating a `Headers`, @hono/node-server
 * hands it to `writeHead`), `Headers` where one repeats (`set-cookie`) or cannot be a key.
 */
function responseHeaders(head: AnswerHeaders | HeadLines | undefined, withLength: boolean, preset: Record<string, string> | undefined): Record<string, string> | Headers {
  const record: Record<string, string> = {};
  let plain = true;
  eachAnswerHeader(head, withLength, (name, value) => {
    if (Array.isArray(value) || name === '__proto__') plain = false;
    else record[name] = String(value);
  });
  if (!plain) return headersOf(head, withLength, preset);
  if (preset) for (const name in preset) if (!Object.hasOwn(record, name)) record[name] = preset[name]!;
  return record;
}

/** The same head as `Headers`, a repeated header's lines appended. */
function headersOf(head: AnswerHeaders | HeadLines | undefined, withLength: boolean, preset: Record<string, string> | undefined): Headers {
  const headers = new Headers();
  eachAnswerHeader(head, withLength, (name, value) => {
    if (Array.isArray(value)) for (const line of value as readonly string[]) headers.append(name, line);
    else headers.set(name, String(value));
  });
  if (preset) for (const name in preset) if (!headers.has(name)) headers.set(name, preset[name]!);
  return headers;
}

/**
 * The host port over a Web `Request` in and a `Response` out (`app.fetch`, Deno, Bun, Workers):
 * `response` resolves with what the stages answered. The request's signal is the client
 * going away; `bindings` is what the host passed beside it (see `hostedAddress`).
 */
export class WebExchange implements HostExchange {
  /** The answer as soon as a stage gave it: a synchronous stage's answer is sent in the same turn. */
  settled?: Response;
  /** The promise of `response`, made only when something waits for an answer not yet given. */
  private pending?: Promise<Response>;
  private resolve?: (response: Response) => void;
  private answered = false;
  /** Settles when the socket of an accepted upgrade ends. */
  private socketEnd?: Promise<void>;
  /** Headers of every answer (`setAnswerHeader`). */
  private preset?: Record<string, string>;
  private readonly pathStart: number;

  constructor(
    readonly request: Request,
    private readonly bindings: Partial<ServerBindings> | object | undefined,
    /** The bound on reading the body (`ServerLimits.requestTimeoutMs`); none when undefined. */
    private readonly deadlines?: BodyDeadlines,
  ) {
    // The URL as the host gave it, read in place (no URL object): `target` keeps it as sent.
    const { url } = request;
    const authorityStart = url.indexOf('//') + 2;
    const slash = url.indexOf('/', authorityStart);
    this.pathStart = slash === -1 ? url.length : slash;
  }

  /** What the stages answered, once they have. */
  get response(): Promise<Response> {
    if (this.settled) return Promise.resolve(this.settled);
    return (this.pending ??= new Promise((resolve) => (this.resolve = resolve)));
  }

  get method(): string {
    return this.request.method;
  }
  get target(): string {
    const target = this.request.url.slice(this.pathStart);
    return target === '' ? '/' : target;
  }
  get authority(): string | undefined {
    const { url } = this.request;
    return url.slice(url.indexOf('//') + 2, this.pathStart);
  }
  get secure(): boolean {
    return this.request.url.startsWith('https:');
  }
  /** What @hono/node-server's env tells; undefined on other hosts. */
  get protocolVersion(): string | undefined {
    const version = (this.bindings as { incoming?: { httpVersion?: unknown } } | undefined)?.incoming?.httpVersion;
    return typeof version === 'string' ? (version === '2.0' ? '2' : version) : undefined;
  }
  header(lowerCaseName: string): string | undefined {
    return this.request.headers.get(lowerCaseName) ?? undefined;
  }
  headers(): Record<string, string> {
    const record = Object.create(null) as Record<string, string>;
    this.request.headers.forEach((value, name) => (record[name] = value));
    return record;
  }
  remoteAddress(): string {
    const bindings = this.bindings as Partial<ServerBindings> | undefined;
    return typeof bindings?.remoteAddress === 'function' ? bindings.remoteAddress() : hostedAddress(bindings, this.request);
  }

  readBody(limit: number, done: BodyDone): void {
    const declared = this.header('content-length');
    if (declared !== undefined) {
      const refusal = lengthRefusal(declared, this.header('transfer-encoding'));
      if (refusal) return done(refusal, noBytes);
      // A declared length was held to the limit by the route stage: the host's own whole read is the
      // fastest (a reader costs Deno a third more CPU on a small JSON body). It cannot be cancelled,
      // so past the deadline the 408 is answered and the read is left to end with the connection.
      return this.readDeclared(Number(declared), limit, done);
    }
    const { body } = this.request;
    if (body === null) return done(undefined, noBytes);
    // Chunk by chunk: a length only known at the end is held to the limit as the bytes come, and a
    // reader can be cancelled when the body stalls past `requestTimeoutMs`.
    const read = new TimedBody(body, limit, this.deadlines);
    const chunks: Uint8Array[] = [];
    const fail = (error: Error): void => done(error, noBytes);
    const step = (chunk: Uint8Array | undefined): void => {
      if (chunk !== undefined) {
        chunks.push(chunk);
        return void read.next().then(step, fail);
      }
      done(undefined, joined(chunks));
    };
    read.next().then(step, fail);
  }
  private readDeclared(declared: number, limit: number, done: BodyDone): void {
    const read = new DeclaredRead(done, this.deadlines);
    this.request.arrayBuffer().then(
      (buffer) => read.end(lengthMismatch(buffer.byteLength, declared, limit), new Uint8Array(buffer)),
      (cause: unknown) => read.end(new RequestAbortedException({ cause }), noBytes),
    );
  }
  bodySource(limit: number): BodySource {
    const { body } = this.request;
    return streamSource(body === null ? null : timedChunks(body, limit, this.deadlines));
  }

  send(status: number, head: AnswerHeaders | HeadLines | undefined, body: string | Uint8Array | undefined): void {
    // HEAD: the head of the GET route's answer, its `content-length` kept.
    const headers = responseHeaders(head, this.request.method === 'HEAD', this.preset);
    if (this.request.method === 'HEAD') return this.answer(new Response(null, { status, headers }));
    this.answer(new Response(body === undefined ? null : typeof body === 'string' ? body : (body as Uint8Array<ArrayBuffer>), { status, headers }));
  }
  openBody(status: number, headers: AnswerHeaders): BodySink {
    const { body, sink } = webEventSink(this.bindings);
    const head = headersOf(headers, false, this.preset);
    // Has @hono/node-server send the head at once instead of first reading the body to size it.
    if (!head.has('content-length')) head.set('transfer-encoding', 'chunked');
    this.answer(new Response(body, { status, headers: head }));
    return sink;
  }
  sendResponse(response: Response, headers: AnswerHeaders | undefined): void | Promise<void> {
    // HEAD: dropped before the headers are merged, which would read the body to copy it.
    if (this.request.method === 'HEAD') response = withoutBody(response);
    const extra = callHeaderLines(response, this.preset ? { ...this.preset, ...headers } : headers);
    if (!extra) return this.answer(response);
    const merged = new Headers(response.headers);
    for (const [name, line] of extra.lines) merged.append(name, line);
    if (extra.vary !== undefined) merged.set('vary', extra.vary);
    return copiedResponse(response, merged).then((copy) => this.answer(copy));
  }
  setAnswerHeader(lowerCaseName: string, value: string): void {
    (this.preset ??= {})[lowerCaseName] = value;
  }
  get headSent(): boolean {
    return this.answered;
  }
  cut(): void {
    if (!this.answered) this.answer(Response.error());
  }

  onClose(listener: (complete: boolean) => void): void {
    const { signal } = this.request;
    let told = false;
    const tell = (complete: boolean): void => {
      if (told) return;
      told = true;
      listener(complete);
    };
    // An answer handed over is complete as far as this port can tell; an upgrade, when its socket ends.
    if (signal.aborted) return tell(false);
    signal.addEventListener('abort', () => this.socketEnd === undefined && tell(false), { once: true });
    void this.response.then(() => (this.socketEnd ? this.socketEnd.then(() => tell(true)) : tell(!signal.aborted)));
  }
  /** 101 once an upgrade was accepted (what a host's handshake `Response` says may be a stand-in). */
  get status(): number | undefined {
    return this.socketEnd ? 101 : this.settled?.status;
  }
  /** Node's upgrade handed through `app.fetch`, a host's handshake (Bun's), or Deno's; none in-process. */
  upgrade(limits: SocketLimits): SocketUpgrade | undefined {
    const handshake = nodeUpgradeOf(this.bindings, limits.maxMessageBytes) ?? hostedHandshakeOf(this.bindings, limits) ?? denoUpgrade(this.request, limits);
    if (!handshake) return undefined;
    return (onOpen) => {
      // The exchange is over when the socket ends, not with the handshake (as on the node adapter).
      let ended!: () => void;
      const socketEnd = new Promise<void>((resolve) => (ended = resolve));
      const response = handshake((port) => {
        const events = onOpen(port);
        return {
          receive: (text, bytes) => events.receive(text, bytes),
          closedByPeer: () => {
            events.closedByPeer();
            ended();
          },
          shutdown: () => events.shutdown(),
        };
      });
      // Only once the host took the handshake (Deno refuses some by throwing: a 400 then).
      this.socketEnd = socketEnd;
      this.answer(response);
    };
  }
  webRequest(): Request {
    return this.request;
  }

  private answer(response: Response): void {
    if (this.answered) return;
    this.answered = true;
    this.settled = IN_A_WORKER ? workerAnswer(response) : response;
    this.resolve?.(this.settled);
  }
}

