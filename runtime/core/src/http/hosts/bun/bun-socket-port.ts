import { SHUTDOWN_GRACE_MS } from '../../streaming/shutdown-grace.js';
import { CloseCode } from '../../streaming/websocket/close-codes.js';
import type { SocketEvents, SocketPort } from '../../streaming/websocket/socket-port.js';

/** The members of Bun's `ServerWebSocket` used here, so that the package type-checks without Bun's types. */
export interface BunWebSocket {
  /** What `server.upgrade(request, { data })` attached: the socket's port. */
  readonly data: BunSocketPort;
  /** 0 connecting, 1 open, 2 closing, 3 closed. */
  readonly readyState: number;
  /** Bytes written, -1 when queued behind backpressure, 0 when dropped (never here: no backpressure limit). */
  send(text: string): number;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): number;
  pause(): void;
  resume(): void;
  getBufferedAmount(): number;
}

/** The `websocket` option of `Bun.serve`: one set of handlers for every socket, each reporting to `ws.data`. */
export interface BunWebSocketHandler {
  readonly maxPayloadLength: number;
  readonly idleTimeout: number;
  readonly sendPings: boolean;
  readonly backpressureLimit: number;
  open(ws: BunWebSocket): void;
  message(ws: BunWebSocket, message: string | Uint8Array): void;
  close(ws: BunWebSocket): void;
  drain(ws: BunWebSocket): void;
  pong(ws: BunWebSocket): void;
}

function terminate(ws: BunWebSocket): void {
  ws.terminate();
}

/**
 * A socket of `Bun.serve` as a `SocketPort`, created at the handshake (`server.upgrade`'s `data`)
 * and given its `ServerWebSocket` when Bun opens it. `drained` waits for Bun's `drain`; `ping`
 * tells whether anything (a message, a pong) came since the previous one; `pause` stops reading.
 *
 * @example
 * server.upgrade(request, { data: new BunSocketPort(onOpen) }); // Bun's `open` then calls port.opened(ws, false)
 */
export class BunSocketPort implements SocketPort {
  private ws?: BunWebSocket;
  private events?: SocketEvents;
  /** Whether the peer sent anything (a message or a pong) since the last ping. */
  private heard = true;
  /** A `drained` waiting for the buffer to fall to `bytes`. */
  private waiting?: { readonly bytes: number; readonly resolve: () => void };

  constructor(private onOpen: ((port: SocketPort) => SocketEvents) | undefined) {}

  /** Bun opened the socket: the session starts; `closing`: the server is closing already, the socket with it (1001). */
  opened(ws: BunWebSocket, closing: boolean): void {
    this.ws = ws;
    const onOpen = this.onOpen!;
    this.onOpen = undefined;
    this.events = onOpen(this);
    if (closing) this.events.shutdown();
  }
  received(message: string | Uint8Array): void {
    this.heard = true;
    if (typeof message === 'string') this.events?.receive(message, Buffer.byteLength(message));
    else this.events?.receive(undefined, message.byteLength);
  }
  ponged(): void {
    this.heard = true;
  }
  drain(): void {
    const { waiting } = this;
    if (waiting && this.ws!.getBufferedAmount() <= waiting.bytes) this.settleDrain();
  }
  closed(): void {
    this.settleDrain();
    this.events?.closedByPeer();
  }

  send(text: string): void {
    this.ws!.send(text);
  }
  get bufferedAmount(): number {
    return this.ws!.getBufferedAmount();
  }
  close(code: number, reason: string): void {
    const ws = this.ws!;
    ws.close(code, reason);
    // One timer per socket at shutdown only: an idle socket keeps none.
    if (code === CloseCode.goingAway) (setTimeout(terminate, SHUTDOWN_GRACE_MS, ws) as { unref?: () => void }).unref?.();
  }
  terminate(): void {
    this.ws!.terminate();
  }
  pause(): void {
    this.ws!.pause();
  }
  resume(): void {
    this.ws!.resume();
  }
  ping(): boolean {
    if (!this.heard) return false;
    this.heard = false;
    this.ws!.ping();
    return true;
  }
  drained(bytes: number): Promise<void> {
    const ws = this.ws!;
    if (ws.getBufferedAmount() <= bytes || ws.readyState >= 2) return Promise.resolve();
    this.settleDrain();
    return new Promise((resolve) => (this.waiting = { bytes, resolve }));
  }

  private settleDrain(): void {
    const { waiting } = this;
    this.waiting = undefined;
    waiting?.resolve();
  }
}

/**
 * The `websocket` option of `Bun.serve` for the application's `@Ws()` routes: Bun refuses a
 * message over `maxMessageBytes` itself (1009, before reading it whole), and leaves pings, idle
 * time and backpressure to the session (no ping, idle timeout or backpressure limit of its own).
 * `closing()` tells whether the listener is closing, for a socket whose upgrade was still in the
 * chain when it began.
 *
 * @example
 * Bun.serve({ fetch, websocket: bunWebSocketHandler(64 * 1024, () => closing) });
 */
export function bunWebSocketHandler(maxMessageBytes: number, closing: () => boolean): BunWebSocketHandler {
  return {
    maxPayloadLength: Math.min(maxMessageBytes, 0xffffffff),
    idleTimeout: 0,
    sendPings: false,
    backpressureLimit: 0,
    open: (ws) => ws.data.opened(ws, closing()),
    message: (ws, message) => ws.data.received(message),
    close: (ws) => ws.data.closed(),
    drain: (ws) => ws.data.drain(),
    pong: (ws) => ws.data.ponged(),
  };
}
