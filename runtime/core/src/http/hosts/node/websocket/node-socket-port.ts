import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { CloseCode, SHUTDOWN_CLOSE_WAIT_MS } from '../../../streaming/websocket/close-codes.js';
import type { SocketEvents, SocketPort } from '../../../streaming/websocket/socket-port.js';

const EVENTS = Symbol('framework.websocket.events');
type TaggedSocket = WebSocket & { [EVENTS]: SocketEvents };

// One listener function of each kind for every socket (not closures per socket): the socket an
// event fires on names the session it reports to.
function onMessage(this: WebSocket, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
  const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
  (this as TaggedSocket)[EVENTS].receive(isBinary ? undefined : bytes.toString('utf8'), bytes.length);
}
function onClose(this: WebSocket): void {
  (this as TaggedSocket)[EVENTS].closedByPeer();
}
/** A protocol error (an oversized frame: 1009) closes the socket; 'close' follows. */
function onError(): void {}

/** Destroys a connection that failed before `ws` took it over (the upgrade listener's, until then). */
export function destroyOnError(this: Duplex): void {
  this.destroy();
}

/**
 * Whether the server that accepted `socket` stopped listening (`app.close()` began, and has closed
 * the streams open then): a socket whose upgrade was still in the chain at that moment is closed as
 * soon as it opens, so that the server's close does not wait for it.
 */
export function acceptedByClosingServer(socket: Duplex): boolean {
  const server = (socket as Duplex & { server?: { listening: boolean } | null }).server;
  return server ? !server.listening : false;
}

function terminate(ws: WebSocket): void {
  ws.terminate();
}

function uncork(port: NodeSocketPort): void {
  port.corked = false;
  port.socket?.uncork();
}

/**
 * A `ws` socket as a `SocketPort`: messages sent in one turn of the event loop leave in one write
 * (the TCP socket is corked until the next tick), `drained` waits for the TCP socket's `drain`, and
 * `ping` tells whether anything came since the previous ping. `listen` hands the socket's events
 * to a session.
 */
export class NodeSocketPort implements SocketPort {
  /** The TCP socket under `ws` (its `_socket`). */
  readonly socket: Duplex | undefined;
  corked = false;
  /** The bytes the connection had received when it was last pinged (none yet: undefined). */
  private readAtPing?: number;

  constructor(readonly ws: WebSocket) {
    this.socket = (ws as WebSocket & { _socket?: Duplex })._socket;
  }

  /** Reports the socket's messages and end to `events`. */
  listen(events: SocketEvents): void {
    const { ws } = this;
    // `ws` handles the connection's errors from now on.
    this.socket?.off('error', destroyOnError);
    (ws as TaggedSocket)[EVENTS] = events;
    ws.on('message', onMessage);
    ws.on('close', onClose);
    ws.on('error', onError);
  }

  send(text: string): void {
    if (!this.corked && this.socket) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(uncork, this);
    }
    this.ws.send(text);
  }
  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }
  close(code: number, reason: string): void {
    this.ws.close(code, reason);
    // One timer per socket at shutdown only: an idle socket keeps none.
    if (code === CloseCode.goingAway) setTimeout(terminate, SHUTDOWN_CLOSE_WAIT_MS, this.ws).unref();
  }
  terminate(): void {
    this.ws.terminate();
  }
  pause(): void {
    this.ws.pause();
  }
  resume(): void {
    this.ws.resume();
  }
  ping(): boolean {
    // Whether the peer answered is read from the bytes the connection received, not from a 'pong'
    // listener: a fourth event name would double the table of listeners `ws` keeps per socket (96
    // bytes). A pong, like any message, is bytes read; a connection that is not a TCP socket
    // (no `bytesRead`) is taken as answering.
    const read = (this.socket as { bytesRead?: number } | undefined)?.bytesRead;
    if (read !== undefined && read === this.readAtPing) return false;
    this.readAtPing = read;
    this.ws.ping();
    return true;
  }
  drained(bytes: number): Promise<void> {
    const { ws, socket } = this;
    return new Promise((resolve) => {
      if (ws.bufferedAmount <= bytes || !socket) return resolve();
      const done = (): void => {
        if (ws.bufferedAmount > bytes && ws.readyState === ws.OPEN) return;
        socket.off('drain', done);
        ws.off('close', done);
        resolve();
      };
      socket.on('drain', done);
      ws.on('close', done);
    });
  }
}
