import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { SHUTDOWN_GRACE_MS } from '../../../streaming/shutdown-grace.js';
import { CloseCode } from '../../../streaming/websocket/close-codes.js';
import type { SocketEvents, SocketPort } from '../../../streaming/websocket/socket-port.js';

const EVENTS = Symbol('framework.websocket.events');
type TaggedSocket = WebSocket & { [EVENTS]: SocketEvents };

// One listener function of each kind for every socket, not closures per socket.
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
 * Completes a handshake through `ws` for the session `onOpen` makes; one whose server stopped
 * listening meanwhile (`app.close()` began) is shut down at once, so the close does not wait.
 */
export function openNodeSocket(wss: WebSocketServer, incoming: IncomingMessage, socket: Duplex, head: Buffer, onOpen: (port: SocketPort) => SocketEvents): void {
  wss.handleUpgrade(incoming, socket, head, (ws) => {
    const port = new NodeSocketPort(ws);
    const events = onOpen(port);
    port.listen(events);
    const server = (socket as Duplex & { server?: { listening: boolean } | null }).server;
    if (server && !server.listening) events.shutdown();
  });
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
 * (corked until the next tick), and `ping` tells whether anything came since the previous one.
 */
export class NodeSocketPort implements SocketPort {
  /** The TCP socket under `ws`. */
  readonly socket: Duplex | undefined;
  corked = false;
  private readAtPing?: number;

  constructor(readonly ws: WebSocket) {
    this.socket = (ws as WebSocket & { _socket?: Duplex })._socket;
  }

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
    if (code === CloseCode.goingAway) setTimeout(terminate, SHUTDOWN_GRACE_MS, this.ws).unref();
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
    // Read from the bytes received, not a 'pong' listener (which would cost every socket 96 bytes);
    // a connection without `bytesRead` is taken as answering.
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
