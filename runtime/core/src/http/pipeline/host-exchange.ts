import type { SinkWatcher } from '../streaming/sse/event-sink.js';
import type { BodySource } from '../uploads/body-source.js';
import type { SocketLimits, SocketUpgrade } from '../streaming/websocket/socket-port.js';

/** The head of an answer: lower-case names, a number for `content-length`, an array for several lines (`set-cookie`). */
export type AnswerHeaders = Record<string, string | number | readonly string[]>;

/** A head as raw lines, `[name, value, name, value, …]` (lower-case names): a route's prepared head, copied whole; Node's `writeHead` takes it as it is. */
export type HeadLines = readonly (string | number | readonly string[])[];

/** What a finished body read calls, once: the bytes, or why there are none (a `BodyTooLargeException`, a `RequestAbortedException`). */
export type BodyDone = (error: Error | undefined, body: Uint8Array) => void;

/**
 * A body written with back-pressure, its head sent when it was opened (an `EventSink`; compression wraps one).
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
  /** Ends the body; `atShutdown`: a client that stopped reading is cut off after a short grace (see `EventSink.end`). */
  end(atShutdown?: boolean): void;
  /** Tells `watcher` once when the client goes away before `end`. */
  onGone(watcher: SinkWatcher): void;
}

/**
 * The host port: the operations a host gives one HTTP exchange. The stages (`http/pipeline/`) are
 * written over it alone; an adapter under `http/hosts/<host>/` implements it (`NodeExchange`,
 * `WebExchange`, `LambdaExchange`) and builds no Web `Request`, `Response` or `Headers` unless
 * asked (`webRequest`, `sendResponse`). Every exchange is answered once, by `send`, `openBody`, `sendResponse` or an
 * accepted `upgrade`; `cut` ends one whose answer started and then failed.
 *
 * @example
 * exchange.send(405, { allow: 'GET, HEAD', 'content-type': 'application/json', 'content-length': body.length }, body);
 */
export interface HostExchange {
  /** Upper-case as sent (`GET`). */
  readonly method: string;
  /** Path and query as sent (`/todo/42?verbose=1`). */
  readonly target: string;
  /** The `Host` header (HTTP/2's `:authority`); undefined when absent. */
  readonly authority: string | undefined;
  readonly secure: boolean;
  /** `'1.1'`, `'2'`; undefined when the host does not tell. */
  readonly protocolVersion: string | undefined;
  /** One request header (any case); repeated lines joined with `, ` (`; ` for `cookie`). */
  header(lowerCaseName: string): string | undefined;
  /** Every request header, joined as `header` joins them, in a null-prototype record. */
  headers(): Record<string, string>;
  /** The peer's IP address; `''` when the host cannot tell. */
  remoteAddress(): string;
  /**
   * Reads the whole body, at most `limit` bytes, and calls `done` once: with the bytes, a
   * `BodyTooLargeException` or a `RequestAbortedException`. A callback: a body route stays synchronous around it.
   */
  readBody(limit: number, done: BodyDone): void;
  /** The body's chunks as they arrive, at most `limit` bytes (then a `BodyTooLargeException`); either this or `readBody`, once. */
  /** The body pushed to a form reader chunk by chunk as it arrives, at most `limit` bytes (then a `BodyTooLargeException`); either this or `readBody`, once. */
  bodySource(limit: number): BodySource;
  /** Writes the head and a whole body (its `content-length` set by the caller), and ends the answer. */
  send(status: number, headers: AnswerHeaders | HeadLines | undefined, body: string | Uint8Array | undefined): void;
  /** Writes the head now and opens the body (event streams, streamed Responses). */
  openBody(status: number, headers: AnswerHeaders): BodySink;
  /** Answers with a user's `Response`, then `headers` it lacks (`set-cookie` of both kept); settles once a streamed body is written. */
  sendResponse(response: Response, headers: AnswerHeaders | undefined): void | Promise<void>;
  /** Adds a header to every answer of this exchange (the request id); an answer's own header of that name wins. */
  setAnswerHeader(lowerCaseName: string, value: string): void;
  readonly headSent: boolean;
  /** Cuts the connection of an answer that started and cannot be completed. */
  cut(): void;
  /** Calls `listener` once the exchange is over: `true` when the answer was handed over whole, `false` when the client went first. */
  onClose(listener: (complete: boolean) => void): void;
  /** The status once the head is written (101 for an upgrade); undefined before (Node: its own once the request was read). */
  readonly status: number | undefined;
  /** A WebSocket upgrade where the host opens one (Node's `upgrade` event, Deno); undefined elsewhere. */
  upgrade(limits: SocketLimits): SocketUpgrade | undefined;
  /** The request as a Web `Request` (`@Req().raw`), with `bodyText` when read already; `signal` aborts when the client goes. */
  webRequest(signal: AbortSignal, bodyText: string | undefined): Request;
}
