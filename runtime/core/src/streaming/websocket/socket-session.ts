import { NotValidBodyException } from '../../exceptions/request-exceptions.js';
import type { ErrorReport } from '../../http/hono/respond.js';
import type { BodyValidator } from '../../validation/body-validator.js';
import { closeIterator } from '../iterate.js';
import type { OpenStreams } from '../open-streams.js';
import type { StreamingOptions } from '../options.js';
import { CloseCode, closeOfError, closeReason } from './close-codes.js';
import type { IncomingMessages } from './incoming-messages.js';
import type { SocketEvents, SocketPort } from './socket-port.js';

/** What a session needs of the call it belongs to (an `HttpCall`). */
export interface SessionCall {
  abort(reason?: unknown): void;
  answered: boolean;
}

export interface SessionOptions {
  readonly limits: StreamingOptions;
  /** Checks one parsed message against the route's DTO (identity when it declares none). */
  readonly validate: BodyValidator | ((value: unknown) => unknown);
  readonly streams: OpenStreams;
  readonly report: ErrorReport;
  /** `TodoController.socket (GET /todo/ws)`, for messages. */
  readonly where: string;
}

/**
 * One open `@Ws()` socket: the client's messages go, parsed and validated, into the handler's
 * `@Messages()` iterable; each value the handler yields goes out as JSON, the next one pulled only
 * while less than `highWaterMarkBytes` wait to be written. It enforces the limits (message size,
 * messages per second, idle time, ping/pong) and ends with a close code saying why (see
 * `CloseCode`). The peer leaving, or the application shutting down (1001), aborts
 * `context.signal` and closes the handler's generator.
 *
 * @example
 * const session = new SocketSession(port, incoming, iterator, call, options);
 * session.start(); // the host adapter then calls session.receive(text, bytes) per message
 */
export class SocketSession implements SocketEvents {
  private finished = false;
  private iteratorDone = false;
  private alive = true;
  private tokens: number;
  private refilledAt = Date.now();
  private pinger?: ReturnType<typeof setInterval>;
  private idle?: ReturnType<typeof setTimeout>;
  private untrack = (): void => undefined;
  /** Messages whose validation is still running (class-validator is async): kept in order. */
  private validating?: Promise<void>;

  constructor(
    private readonly port: SocketPort,
    private readonly incoming: IncomingMessages,
    private readonly iterator: AsyncIterator<unknown> | Iterator<unknown>,
    private readonly call: SessionCall,
    private readonly options: SessionOptions,
  ) {
    this.tokens = options.limits.messagesPerSecond;
  }

  start(): void {
    const { limits } = this.options;
    this.untrack = this.options.streams.track({ shutdown: () => this.finish(CloseCode.goingAway, 'The server is shutting down.') });
    const ping = this.port.ping;
    if (ping && limits.pingIntervalMs > 0) {
      this.pinger = setInterval(() => {
        // No answer to the last ping: the peer is gone without a close (a pulled cable, a frozen tab).
        if (!this.alive) return this.drop();
        this.alive = false;
        ping();
      }, limits.pingIntervalMs);
      this.pinger.unref?.();
    }
    this.armIdle();
    void this.pump();
  }

  receive(text: string | undefined, bytes: number): void {
    if (this.finished) return;
    this.alive = true;
    this.armIdle();
    const { limits } = this.options;
    if (!this.take()) return this.finish(CloseCode.policyViolation, `More than ${limits.messagesPerSecond} messages per second.`);
    if (text === undefined) return this.finish(CloseCode.unsupportedData, 'Binary messages are not accepted: send JSON text.');
    if (bytes > limits.maxMessageBytes) return this.finish(CloseCode.messageTooBig, `A message is limited to ${limits.maxMessageBytes} bytes.`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return this.finish(CloseCode.invalidMessage, 'The message is not JSON.');
    }
    if (this.validating) {
      this.validating = this.validating.then(() => this.accept(parsed));
      return;
    }
    const done = this.accept(parsed);
    if (done) this.validating = done.finally(() => (this.validating = undefined));
  }

  pong(): void {
    this.alive = true;
  }

  closedByPeer(): void {
    this.finish(undefined, new DOMException('The client closed the socket.', 'AbortError'));
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
  private take(): boolean {
    const rate = this.options.limits.messagesPerSecond;
    const now = Date.now();
    this.tokens = Math.min(rate, this.tokens + ((now - this.refilledAt) * rate) / 1000);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private armIdle(): void {
    const ms = this.options.limits.idleTimeoutMs;
    if (ms === 0) return;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.finish(CloseCode.idleTimeout, `Nothing received for ${ms} ms.`), ms);
    this.idle.unref?.();
  }

  /** Sends what the handler yields, one message at a time, waiting while the socket's buffer is full. */
  private async pump(): Promise<void> {
    const highWaterMark = this.options.limits.highWaterMarkBytes;
    try {
      for (;;) {
        const next = await this.iterator.next();
        if (this.finished) return;
        if (next.done) {
          this.iteratorDone = true;
          return this.finish(CloseCode.normal, '');
        }
        this.port.send(JSON.stringify(next.value) ?? 'null');
        if (this.port.bufferedAmount > highWaterMark) await this.port.drained(highWaterMark);
        if (this.finished) return;
      }
    } catch (error) {
      this.iteratorDone = true;
      if (this.finished) return;
      const { code, reason, unexpected } = closeOfError(error);
      if (unexpected) this.options.report.logger.error(`Unhandled error in the socket of ${this.options.where}`, error);
      this.finish(code, reason);
    }
  }

  private drop(): void {
    this.port.terminate();
    this.finish(undefined, new DOMException('The client stopped answering pings.', 'AbortError'));
  }

  /** Ends the session once: closes the socket with `code` (unless the peer is gone), stops the handler. */
  private finish(code: number | undefined, reason: unknown): void {
    if (this.finished) return;
    this.finished = true;
    clearInterval(this.pinger);
    clearTimeout(this.idle);
    this.untrack();
    this.incoming.end();
    if (code !== undefined) this.port.close(code, typeof reason === 'string' ? reason : '');
    if (!this.iteratorDone) {
      this.call.abort(typeof reason === 'string' ? new DOMException(reason || 'The socket closed.', 'AbortError') : reason);
      closeIterator(this.iterator);
    }
    this.call.answered = true;
  }
}
