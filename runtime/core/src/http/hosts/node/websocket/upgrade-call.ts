import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { HttpRoute } from '../../../http-route.js';
import { NodeRequestCall } from '../node-request-call.js';
import type { CallObservation } from '../../../../telemetry/call-observation.js';
import type { SessionCall } from '../../../streaming/websocket/socket-session.js';

/** What the call asks of its socket's session once the socket is open (a `SocketSession`). */
export interface CallWatcher {
  forgetCall(): void;
  watchCall(call: SessionCall): void;
}

/**
 * The call of a `@Ws()` route's upgrade request on the Node-native path: the execution context
 * and argument source over Node's `IncomingMessage` (its readers in `NodeRequestCall`) (no response object: a refusal is written to
 * the socket, an acceptance is `ws`'s handshake). Once the socket is open, `release()` lets the
 * request go, so that an idle socket keeps nothing of it; reading its headers, query or `req`
 * through the call after that is an error naming what to do instead (a parameter reads it before
 * the socket opens). Path parameters and the peer address stay. When nothing read `context.signal`
 * by then, the session lets the call go too: it is kept only by a handler that keeps its context,
 * and a first read of the signal after that asks the session to abort it when the socket ends.
 *
 * @example
 * const call = new UpgradeCall(incoming, route, '/todo/ws', []);
 * call.header('authorization'); // read by a guard, before the upgrade
 * call.release(session); // once the socket is open
 */
export class UpgradeCall extends NodeRequestCall {
  // `body` is the `@Messages()` iterable; an idle socket keeps its call, so each field is 8 bytes of it.
  /** The request's observation, when the route is observed. */
  observation?: CallObservation;
  private upgradeRequest?: IncomingMessage;
  /** The connection, which the socket keeps anyway: its peer address outlives the request. */
  protected readonly connection: Socket;
  /** Whether `context.signal` was read before the socket opened. */
  private signalRead = false;
  /** The socket's session, once open, when it let the call go. */
  private watcher?: CallWatcher;

  constructor(incoming: IncomingMessage, route: HttpRoute, path: string, values: readonly string[]) {
    super(route, path, values);
    this.upgradeRequest = incoming;
    this.connection = incoming.socket;
  }

  /** The upgrade request, until the socket opened. */
  get incoming(): IncomingMessage {
    if (this.upgradeRequest) return this.upgradeRequest;
    throw new Error(
      `${this.route.entry.name}: the upgrade request is let go once the socket is open (an idle socket keeps nothing of it); ` +
        'read what the handler needs of it through its parameters (@Header(), @Query(), @Param(), @Req()), which are read before.',
    );
  }
  /** Nothing to read: the messages come from the socket. */
  loadBody(): Promise<void> {
    return Promise.resolve();
  }
  /** Lets the request go, and the session the call, unless the signal was read (see the class). */
  release(session: CallWatcher): void {
    this.upgradeRequest = undefined;
    this.request = undefined;
    if (this.signalRead) return;
    this.watcher = session;
    session.forgetCall();
  }
  /**
   * The connection closing while the chain runs; once the socket is open, its session aborts the
   * call (told now, when the signal is first read after it let the call go).
   */
  protected override onCancel(cancel: (reason: unknown) => void): void {
    if (!this.upgradeRequest) return this.watcher?.watchCall(this);
    this.signalRead = true;
    const socket = this.connection;
    const gone = (): void => {
      if (this.upgradeRequest) cancel(new DOMException('The client closed the connection before the upgrade.', 'AbortError'));
    };
    if (socket.destroyed) gone();
    else socket.once('close', gone);
  }
}
