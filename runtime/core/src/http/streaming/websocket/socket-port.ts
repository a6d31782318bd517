/** What a `@Ws()` session needs of a socket, whichever host opened it. */
export interface SocketPort {
  send(text: string): void;
  /** Bytes accepted by `send` and not yet written to the network. */
  readonly bufferedAmount: number;
  /** Starts the closing handshake with a code and a reason (at most 123 bytes). */
  close(code: number, reason: string): void;
  /** Drops the connection without a handshake (a peer that no longer answers). */
  terminate(): void;
  /** Stops reading messages (TCP flow control then makes the client wait); a no-op where the host cannot. */
  pause(): void;
  resume(): void;
  /**
   * Sends a ping; false, and the peer is taken for gone, when nothing came since the previous one.
   * Undefined where the host pings by itself (Deno's `idleTimeout`).
   */
  readonly ping?: () => boolean;
  /** Resolves once `bufferedAmount` is at most `bytes`, or the socket closed. */
  drained(bytes: number): Promise<void>;
}

/** Accepts an upgrade: answers with the handshake, opens the socket and reports its events to what `onOpen` returns. */
export type SocketUpgrade = (onOpen: (port: SocketPort) => SocketEvents) => void;

/** A fetch host's upgrade (Deno's, or Node's handed through `app.fetch`): opens the socket, returns the handshake's `Response`. */
export type HandshakeUpgrade = (onOpen: (port: SocketPort) => SocketEvents) => Response;

/** What a host needs to open a socket: the message limit (`ws`'s `maxPayload`), the ping interval (Deno's `idleTimeout`). */
export interface SocketLimits {
  readonly maxMessageBytes: number;
  readonly pingIntervalMs: number;
}

/** What the host adapter reports of an open socket. */
export interface SocketEvents {
  /** A message: its text, or `undefined` for a binary one; `bytes` is its size. */
  receive(text: string | undefined, bytes: number): void;
  /** The connection ended (the peer closed it, or it broke). */
  closedByPeer(): void;
  /** The application shuts down: close with 1001. */
  shutdown(): void;
}
