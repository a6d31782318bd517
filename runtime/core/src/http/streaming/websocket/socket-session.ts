import { DEFAULT_MAX_BODY_DEPTH, DEFAULT_MAX_BODY_VALUES, refuseUnboundedJson } from '../../json-depth.js';
import { NotValidBodyException } from '../../../exceptions/request-exceptions.js';
import type { ErrorReport } from '../../answer-rules.js';
import type { BodyValidator } from '../../../validation/body-validator.js';
import { closeIterator } from '../iterate.js';
import { IteratorPump } from '../iterator-pump.js';
import { TOKEN_EXPIRED, type OpenStream, type OpenStreams, type StreamCall } from '../open-streams.js';
import type { StreamingOptions } from '../options.js';
import type { SharedInterval } from '../shared-interval.js';
import { CloseCode, closeOfError, closeReason } from './close-codes.js';
import type { FlowControl, IncomingMessages } from './incoming-messages.js';
import type { SocketEvents, SocketPort } from './socket-port.js';

/** Messages checked at once (async checks, one after the other) past which the socket stops reading. */
const CHECKS_PAUSE_AT = 32;
/** The holds on reading (`SocketSession.held`): the handler's backlog of messages, the checks running. */
const BACKLOG = 1;
const CHECKS = 2;

/** What a message may hold once parsed: the defaults of a body (see `refuseUnboundedJson`). */
const MESSAGE_BOUNDS = { maxDepth: DEFAULT_MAX_BODY_DEPTH, maxValues: DEFAULT_MAX_BODY_VALUES };

// Whole milliseconds since this module loaded: a small integer field (for 24 days), where
// `Date.now()` would be a 16-byte heap number per socket.
const CLOCK_START = Date.now();
const clock = (): number => Math.floor(Date.now() - CLOCK_START);

/** What every socket of one `@Ws()` route shares (one object per route, not per socket). */
export interface SessionOptions {
  readonly limits: StreamingOptions;
  /** Checks one parsed message against the route's DTO (identity when it declares none). */
  readonly validate: BodyValidator | ((value: unknown) => unknown);
  /** Whether the handler takes `@Messages()`: without it, a message is dropped once within the limits. */
  readonly readsMessages: boolean;
  readonly streams: OpenStreams;
  readonly report: ErrorReport;
  /** `TodoController.socket (GET /todo/ws)`, for messages. */
  readonly where: string;
  /** For sockets whose host does not ping by itself. */
  readonly pings: SharedInterval<SocketSession>;
  readonly idleChecks: SharedInterval<SocketSession>;
}

/** How often sockets are checked for `idleTimeoutMs`: one is closed within a quarter of it after its time. */
export function idleCheckPeriod(idleTimeoutMs: number): number {
  return idleTimeoutMs === 0 ? 0 : Math.max(10, Math.ceil(idleTimeoutMs / 4));
}

/**
 * One open `@Ws()` socket: the client's messages go, parsed and validated, into the handler's
 * `@Messages()` iterable; each value the handler yields goes out as JSON while less than
 * `highWaterMarkBytes` wait. It enforces the limits and ends with a `CloseCode` saying why; the
 * peer leaving or the shutdown aborts `context.signal` and closes the handler's generator. No
 * timer of its own: pings and idle checks come from the application's shared intervals.
 */
export class SocketSession extends IteratorPump implements SocketEvents, OpenStream, FlowControl {
  private tokens: number;
  /** When the last message came (or the socket opened). */
  private lastReceivedAt = clock();
  /** The last message whose check is still running (class-validator's async ones): the next is checked after it, so that they arrive in order. */
  private validating?: Promise<void>;
  /** Messages received whose check has not finished. */
  private checking = 0;
  /** Why reading is paused: `BACKLOG` (the handler fell behind), `CHECKS` (checks running), or both. */
  private held = 0;

  constructor(
    private readonly port: SocketPort,
    private readonly incoming: IncomingMessages,
    iterator: AsyncIterator<unknown> | Iterator<unknown>,
    /** Undefined once let go (see `forgetCall`). */
    private call: StreamCall | undefined,
    private readonly options: SessionOptions,
  ) {
    super(iterator);
    this.tokens = options.limits.messagesPerSecond;
  }

  start(): void {
    const { options } = this;
    options.streams.track(this, this.call);
    if (this.port.ping) options.pings.add(this);
    options.idleChecks.add(this);
    this.incoming.flow = this;
    this.pull();
  }

  receive(text: string | undefined, bytes: number): void {
    if (this.finished) return;
    const { limits } = this.options;
    if (!this.takeToken()) return this.finish(CloseCode.policyViolation, `More than ${limits.messagesPerSecond} messages per second.`);
    if (text === undefined) return this.finish(CloseCode.unsupportedData, 'Binary messages are not accepted: send JSON text.');
    if (bytes > limits.maxMessageBytes) return this.finish(CloseCode.messageTooBig, `A message is limited to ${limits.maxMessageBytes} bytes.`);
    // A feed's client may send anyway (a keep-alive of its own): queued for no reader, 32 of them
    // would stop the socket's reading, its close frame and pongs with it.
    if (!this.options.readsMessages) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.finish(CloseCode.invalidMessage, 'The message is not JSON.');
    }
    try {
      refuseUnboundedJson(parsed, MESSAGE_BOUNDS);
    } catch (error) {
      return this.finish(CloseCode.invalidMessage, (error as Error).message);
    }
    const previous = this.validating;
    const done = previous ? previous.then(() => this.accept(parsed)) : this.accept(parsed);
    if (done) this.awaitCheck(done);
  }

  /**
   * Keeps `done` as the last check running. From `CHECKS_PAUSE_AT` checks running down to half of
   * them, reading is paused as for a handler that fell behind: a client faster than its checks
   * would otherwise fill the server's memory with messages waiting to be checked.
   */
  private awaitCheck(done: Promise<void>): void {
    if (++this.checking >= CHECKS_PAUSE_AT) this.pause(CHECKS);
    const tail: Promise<void> = done.finally(() => {
      if (this.validating === tail) this.validating = undefined;
      if (--this.checking <= CHECKS_PAUSE_AT / 2) this.resume(CHECKS);
    });
    this.validating = tail;
  }

  closedByPeer(): void {
    this.finish(undefined, new DOMException('The client closed the socket.', 'AbortError'));
  }

  /** Lets the call go while nothing read its `context.signal` (an idle socket then keeps none of it). */
  forgetCall(): void {
    this.call = undefined;
  }

  /** The call's signal was first read after `forgetCall`: it is aborted when the session ends (at once if it has). */
  watchCall(call: StreamCall): void {
    if (!this.finished) this.call = call;
    else if (!this.iteratorDone) call.abort(new DOMException('The socket closed.', 'AbortError'));
  }

  shutdown(): void {
    this.finish(CloseCode.goingAway, 'The server is shutting down.');
  }

  /** The token the socket was opened with expired. */
  expire(): void {
    this.finish(CloseCode.policyViolation, TOKEN_EXPIRED);
  }

  /** A visit of the ping timer: a peer that did not answer the last ping is gone without a close (a pulled cable, a frozen tab). */
  ping(): void {
    if (this.port.ping?.() === false) this.drop();
  }

  checkIdle(now: number): void {
    const ms = this.options.limits.idleTimeoutMs;
    if (now - CLOCK_START - this.lastReceivedAt >= ms) this.finish(CloseCode.idleTimeout, `Nothing received for ${ms} ms.`);
  }

  /** The handler reads more slowly than the client sends (`IncomingMessages`), or checks are running: reading stops until neither holds it. */
  pause(reason = BACKLOG): void {
    if (this.held === 0) this.port.pause();
    this.held |= reason;
  }

  resume(reason = BACKLOG): void {
    if (this.held === 0) return;
    this.held &= ~reason;
    if (this.held === 0) this.port.resume();
  }

  private accept(parsed: unknown): Promise<void> | undefined {
    // A message still waiting for the checks before it when the socket ended is not checked.
    if (this.finished) return undefined;
    const refuse = (error: unknown): void => {
      if (this.finished) return;
      const reason = error instanceof NotValidBodyException ? error.reasons.map((r) => r.errorMessage).join('; ') : error instanceof Error ? error.message : 'invalid message';
      this.finish(CloseCode.invalidMessage, closeReason(reason));
    };
    try {
      const checked = this.options.validate(parsed);
      if (checked instanceof Promise) return checked.then((value: unknown) => void (this.finished || this.incoming.push(value)), refuse);
      this.incoming.push(checked);
    } catch (error) {
      refuse(error);
    }
    return undefined;
  }

  /** A token bucket of one second's worth of messages, refilled continuously. */
  private takeToken(): boolean {
    const rate = this.options.limits.messagesPerSecond;
    const now = clock();
    this.tokens = Math.min(rate, this.tokens + ((now - this.lastReceivedAt) * rate) / 1000);
    this.lastReceivedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  protected deliver(value: unknown): Promise<void> | undefined {
    const { port } = this;
    port.send(JSON.stringify(value) ?? 'null');
    const highWaterMark = this.options.limits.highWaterMarkBytes;
    return port.bufferedAmount > highWaterMark ? port.drained(highWaterMark) : undefined;
  }

  protected ended(): void {
    this.finish(CloseCode.normal, '');
  }

  /** The handler failed: an `HttpException` closes with 4000 + its status, anything else with 1011 (logged). */
  protected threw(error: unknown): void {
    if (this.finished) return;
    const { code, reason, unexpected } = closeOfError(error);
    if (unexpected) this.options.report.logger.error(`Unhandled error in the socket of ${this.options.where}`, error);
    this.finish(code, reason);
  }

  private drop(): void {
    this.port.terminate();
    this.finish(undefined, new DOMException('The client stopped answering pings.', 'AbortError'));
  }

  /** Ends the session once: closes the socket with `code` (undefined: the peer is gone), stops the handler. */
  private finish(code: number | undefined, reason: unknown): void {
    if (this.finished) return;
    this.finished = true;
    const { options } = this;
    options.streams.untrack(this);
    options.pings.delete(this);
    options.idleChecks.delete(this);
    this.incoming.end();
    if (code !== undefined) {
      // Reading may be paused (a burst the handler had not caught up with): the peer's close frame
      // must be read, or the socket is held until `ws` gives up on it 30 s later.
      this.port.resume();
      this.port.close(code, typeof reason === 'string' ? reason : '');
    }
    const { call } = this;
    if (!this.iteratorDone) {
      call?.abort(typeof reason === 'string' ? new DOMException(reason || 'The socket closed.', 'AbortError') : reason);
      closeIterator(this.iterator);
    }
    if (call) call.answered = true;
  }
}
