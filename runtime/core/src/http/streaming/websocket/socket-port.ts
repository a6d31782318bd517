/**
 * What a `@Ws()` session needs of a socket, whichever server opened it (`ws` on Node,
 * `Deno.upgradeWebSocket` on Deno). The host adapter calls the session's `receive` and
 * `closedByPeer` as the socket reports them.
 */
export interface SocketPort {
  /** Sends one text message. */
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
   * Sends a ping, unless nothing came from the peer since the previous one (not even its pong):
   * then it returns false, and the peer is taken for gone. Undefined where the host pings by itself
   * (Deno's `idleTimeout`).
   */
  readonly ping?: () => boolean;
  /** Resolves once `bufferedAmount` is at most `bytes`, or the socket closed. */
  drained(bytes: number): Promise<void>;
}

/**
 * Accepts an upgrade: answers the request with the handshake (the exchange's answer), opens the
 * socket and hands it to `onOpen`, whose events the host then reports to.
 */
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
