import { DEFAULT_MAX_BODY_DEPTH, DEFAULT_MAX_BODY_VALUES, refuseUnboundedJson } from '../../json-depth.js';
import { NotValidBodyException } from '../../../exceptions/request-exceptions.js';
import type { ErrorReport } from '../../answer-rules.js';
import type { BodyValidator } from '../../../validation/body-validator.js';
import { closeIterator } from '../iterate.js';
import { IteratorPump } from '../iterator-pump.js';
import type { OpenStream, OpenStreams } from '../open-streams.js';
import type { StreamingOptions } from '../options.js';
import type { SharedInterval } from '../shared-interval.js';
import { CloseCode, closeOfError, closeReason } from './close-codes.js';
import type { FlowControl, IncomingMessages } from './incoming-messages.js';
import type { SocketEvents, SocketPort } from './socket-port.js';

/** What a message may hold once parsed: the defaults of a body (see `refuseUnboundedJson`). */
const MESSAGE_BOUNDS = { maxDepth: DEFAULT_MAX_BODY_DEPTH, maxValues: DEFAULT_MAX_BODY_VALUES };

/** What a session needs of the call it belongs to (a `PipelineCall`). */
export interface SessionCall {
  abort(reason?: unknown): void;
  answered: boolean;
}

/**
 * Times are kept as whole milliseconds since this module loaded: a small integer in the session's
 * field (for 24 days), where `Date.now()` would be a 16-byte heap number per socket. (`Math.floor`
 * makes V8 store the difference of two doubles as an integer.)
 */
const CLOCK_START = Date.now();
const clock = (): number => Math.floor(Date.now() - CLOCK_START);

/** What every socket of one `@Ws()` route shares (one object per route, not per socket). */
export interface SessionOptions {
  readonly limits: StreamingOptions;
  /** Checks one parsed message against the route's DTO (identity when it declares none). */
  readonly validate: BodyValidator | ((value: unknown) => unknown);
  readonly streams: OpenStreams;
  readonly report: ErrorReport;
  /** `TodoController.socket (GET /todo/ws)`, for messages. */
  readonly where: string;
  /** The application's ping timer (every `pingIntervalMs`), for sockets whose host does not ping by itself. */
  readonly pings: SharedInterval<SocketSession>;
  /** The application's idle check (see `idleCheckPeriod`). */
  readonly idleChecks: SharedInterval<SocketSession>;
}

/** How often sockets are checked for `idleTimeoutMs`: one is closed within a quarter of it after its time. */
export function idleCheckPeriod(idleTimeoutMs: number): number {
  return idleTimeoutMs === 0 ? 0 : Math.max(10, Math.ceil(idleTimeoutMs / 4));
}

/**
 * One open `@Ws()` socket: the client's messages go, parsed and validated, into the handler's
 * `@Messages()` iterable; each value the handler yields goes out as JSON, the next one pulled only
 * while less than `highWaterMarkBytes` wait to be written. It enforces the limits (message size,
 * messages per second, idle time, ping/pong) and ends with a close code saying why (see
 * `CloseCode`). The peer leaving, or the application shutting down (1001), aborts
 * `context.signal` and closes the handler's generator. It keeps no timer or closure of its own:
 * pings and idle checks come from the application's shared intervals.
 */
export class SocketSession extends IteratorPump implements SocketEvents, OpenStream, FlowControl {
  private tokens: number;
  /** When the last message came (the socket opening, before any): the token bucket's refill and the idle check read it. */
  private lastReceivedAt = clock();
  /** Messages whose validation is still running (class-validator is async): kept in order. */
  private validating?: Promise<void>;

  constructor(
    private readonly port: SocketPort,
    private readonly incoming: IncomingMessages,
    iterator: AsyncIterator<unknown> | Iterator<unknown>,
    /** Undefined once let go (see `forgetCall`). */
    private call: SessionCall | undefined,
    private readonly options: SessionOptions,
  ) {
    super(iterator);
    this.tokens = options.limits.messagesPerSecond;
  }

  start(): void {
    const { options } = this;
    options.streams.track(this);
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
    if (this.validating) {
      this.validating = this.validating.then(() => this.accept(parsed));
      return;
    }
    const done = this.accept(parsed);
    if (done) this.validating = done.finally(() => (this.validating = undefined));
  }

  closedByPeer(): void {
    this.finish(undefined, new DOMException('The client closed the socket.', 'AbortError'));
  }

  /**
   * Lets the call go while nothing read its `context.signal`: an idle socket whose handler does not
   * keep the call then keeps none of it. A signal first read later comes back through `watchCall`.
   */
  forgetCall(): void {
    this.call = undefined;
  }

  /** The call's signal was first read after `forgetCall`: it is aborted when the session ends (at once if it has). */
  watchCall(call: SessionCall): void {
    if (!this.finished) this.call = call;
    else if (!this.iteratorDone) call.abort(new DOMException('The socket closed.', 'AbortError'));
  }

  /** The application shuts down. */
  shutdown(): void {
    this.finish(CloseCode.goingAway, 'The server is shutting down.');
  }

  /** A visit of the ping timer: a peer that did not answer the last ping is gone without a close (a pulled cable, a frozen tab). */
  ping(): void {
    if (this.port.ping?.() === false) this.drop();
  }

  /** A visit of the idle check. */
  checkIdle(now: number): void {
    const ms = this.options.limits.idleTimeoutMs;
    if (now - CLOCK_START - this.lastReceivedAt >= ms) this.finish(CloseCode.idleTimeout, `Nothing received for ${ms} ms.`);
  }

  /** The handler reads more slowly than the client sends: stop reading the socket. */
  pause(): void {
    this.port.pause();
  }

  resume(): void {
    this.port.resume();
  }

  /** Validates one message and hands it to the handler; a promise while class-validator runs. */
  private accept(parsed: unknown): Promise<void> | undefined {
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

  /** Sends one value the handler yielded; waits while more than `highWaterMarkBytes` wait to be written. */
  protected deliver(value: unknown): Promise<void> | undefined {
    const { port } = this;
    port.send(JSON.stringify(value) ?? 'null');
    const highWaterMark = this.options.limits.highWaterMarkBytes;
    return port.bufferedAmount > highWaterMark ? port.drained(highWaterMark) : undefined;
  }

  /** The handler's stream ended: so does the socket. */
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

  /** Ends the session once: closes the socket with `code` (unless the peer is gone), stops the handler. */
  private finish(code: number | undefined, reason: unknown): void {
    if (this.finished) return;
    this.finished = true;
    const { options } = this;
    options.streams.untrack(this);
    options.pings.delete(this);
    options.idleChecks.delete(this);
    this.incoming.end();
    if (code !== undefined) this.port.close(code, typeof reason === 'string' ? reason : '');
    const { call } = this;
    if (!this.iteratorDone) {
      call?.abort(typeof reason === 'string' ? new DOMException(reason || 'The socket closed.', 'AbortError') : reason);
      closeIterator(this.iterator);
    }
    if (call) call.answered = true;
  }
}
