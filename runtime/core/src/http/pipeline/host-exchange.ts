import type { SinkWatcher } from '../streaming/sse/event-sink.js';
import type { BodySource } from '../uploads/body-source.js';
import type { SocketLimits, SocketUpgrade } from '../streaming/websocket/socket-port.js';

/**
 * The head of an answer: lower-case names; a number for `content-length`; several values (the
 * lines of `set-cookie`) as an array. The stages build it; a host adapter only writes it.
 *
 * @example
 * const head: AnswerHeaders = { 'content-type': 'application/json', 'content-length': 11, 'set-cookie': ['a=1', 'b=2'] };
 */
export type AnswerHeaders = Record<string, string | number | readonly string[]>;

/**
 * A head as a host's raw lines, `[name, value, name, value, …]` (lower-case names; a value may be
 * several lines): what a route's prepared headers become, copied whole into an answer rather than
 * built into a record per request. Node's `writeHead` takes it as it is.
 *
 * @example
 * const head: HeadLines = ['x-content-type-options', 'nosniff', 'content-type', 'text/plain', 'content-length', 2];
 */
export type HeadLines = readonly (string | number | readonly string[])[];

/** What a finished body read calls, once: the bytes, or why there are none (a `BodyTooLargeException`, a `RequestAbortedException`). */
export type BodyDone = (error: Error | undefined, body: Uint8Array) => void;

/**
 * A body being written with back-pressure: the answer's head went out when it was opened. An
 * `EventSink` (the events of `@Sse()`) is one; an answer encoding (compression) wraps one.
 *
 * @example
 * const sink = exchange.openBody(200, { 'content-type': 'text/plain' });
 * if (!sink.write('part one')) await sink.ready();
 * sink.end();
 */
export interface BodySink {
  /** Writes one chunk; false once the host's buffer is full (then wait for `ready`). */
  write(chunk: string | Uint8Array): boolean;
  /** Resolves once the host takes more, or the client is gone. */
  ready(): Promise<void>;
  /** Ends the body cleanly. */
  end(): void;
  /** Tells `watcher` once when the client goes away before `end`. */
  onGone(watcher: SinkWatcher): void;
}

/**
 * The host port: the handful of operations a host gives one HTTP exchange (a request and its
 * answer). The pipeline's stages (`http/pipeline/`) are written over it alone; an adapter under
 * `http/hosts/<host>/` implements it over the host's own objects, and does nothing else:
 * `NodeExchange` over Node's `IncomingMessage`/`ServerResponse`, `WebExchange` over a Web
 * `Request` in and a `Promise<Response>` out. No operation builds a Web `Request`, `Response` or
 * `Headers` unless a user asks for one (`webRequest`, `sendResponse`).
 *
 * Every exchange is answered exactly once, by one of `send`, `openBody`, `sendResponse`, or
 * an accepted `upgrade`; `cut` ends one whose answer started and then failed.
 *
 * @example
 * // A stage answering what the table decides (a 405):
 * exchange.send(405, { allow: 'GET, HEAD', 'content-type': 'application/json', 'content-length': body.length }, body);
 */
export interface HostExchange {
  /** The request method, upper-case as sent (`GET`). */
  readonly method: string;
  /** The request target as sent: path and query (`/todo/42?verbose=1`), not normalised. */
  readonly target: string;
  /** The authority the request names (the `Host` header, or HTTP/2's `:authority`); undefined when absent. */
  readonly authority: string | undefined;
  /** Whether the request arrived over TLS (`https`, `wss`). */
  readonly secure: boolean;
  /** `'1.1'`, `'2'`; undefined when the host does not tell. */
  readonly protocolVersion: string | undefined;
  /** One request header by name (any case; the stages pass lower-case ones); repeated lines joined with `, ` (`; ` for `cookie`); undefined when absent. */
  header(lowerCaseName: string): string | undefined;
  /** Every request header (`@Header()`), lower-case names, joined as `header` joins them, in a null-prototype record. */
  headers(): Record<string, string>;
  /** The peer's IP address; `''` when the host cannot tell (in-process calls). */
  remoteAddress(): string;

  /**
   * Reads the whole body, at most `limit` bytes, and calls `done` once: with the bytes, with a
   * `BodyTooLargeException` past the limit (the rest left unread), or a `RequestAbortedException`
   * when the client goes away first. A callback, not a promise: a body route stays synchronous
   * around its read. A GET's empty body is read too (`done` with no bytes).
   */
  readBody(limit: number, done: BodyDone): void;
  /**
   * The body as a stream of chunks as they arrive, at most `limit` bytes in all (the iterator
   * throws a `BodyTooLargeException` past it): for readers that need not hold the whole body
   * (`multipart/form-data`). Either this or `readBody`, once.
   */
  bodyStream(limit: number): AsyncIterable<Uint8Array>;
  /**
   * Optional: the same body pushed into a form reader chunk by chunk, with the same limit and
   * refusals as `bodyStream`, without a promise per chunk (the Node port). Either this, `bodyStream`
   * or `readBody`, once.
   */
  bodySource?(limit: number): BodySource;

  /** Writes the head (a record, or raw lines) and a whole body (its `content-length` set by the caller), and ends the answer. */
  send(status: number, headers: AnswerHeaders | HeadLines | undefined, body: string | Uint8Array | undefined): void;
  /** Writes the head now and opens the body for writing with back-pressure (event streams, streamed Responses). */
  openBody(status: number, headers: AnswerHeaders): BodySink;
  /**
   * Answers with a user's Web `Response` (`return new Response(…)`), its headers first and then
   * `headers` where the Response has none of that name (`set-cookie` lines of both kept). A body
   * still producing is streamed with back-pressure; the promise settles when it has been written.
   */
  sendResponse(response: Response, headers: AnswerHeaders | undefined): void | Promise<void>;
  /**
   * Adds a header to every answer of this exchange, its error answer included (the request id of
   * an observed call); an answer's own header of that name wins.
   */
  setAnswerHeader(lowerCaseName: string, value: string): void;
  /** Whether the head was written already (an error then cuts the connection instead of answering). */
  readonly headSent: boolean;
  /** Ends an exchange whose answer started and cannot be completed: the connection is cut. */
  cut(): void;

  /**
   * Calls `listener` once when the exchange is over: `true` when the answer was handed over whole,
   * `false` when the client went away first (a request queued behind others on a connection
   * included). What a call's `signal` and the telemetry's end (`observedStage`) hang on.
   */
  onClose(listener: (complete: boolean) => void): void;
  /** The status of the answer once its head is written (101 for an accepted upgrade); undefined before (the node adapter: Node's own once the request was read whole). */
  readonly status: number | undefined;
  /**
   * A WebSocket upgrade of this request, where the host can open one (Node's `upgrade` event,
   * `Deno.upgradeWebSocket`); undefined elsewhere (a plain request, `app.fetch` in-process). A
   * host that could but where the framework does not yet throws an `HttpException` saying so.
   */
  upgrade(limits: SocketLimits): SocketUpgrade | undefined;
  /**
   * The request as a Web `Request`, built on this call only (`@Req().raw`): `bodyText` is the
   * body when the pipeline read it already; `signal` aborts when the client goes away.
   */
  webRequest(signal: AbortSignal, bodyText: string | undefined): Request;
}
