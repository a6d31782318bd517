import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

/** At most this many bytes of a refused body are read (and dropped) after the answer before the connection is cut. */
export const LINGER_BYTES = 4 * 1024 * 1024;
/** And for at most this long. */
export const LINGER_MS = 2000;

/** What Node's HTTP server keeps on a connection's socket: its parser, and the request being parsed. */
type ServedSocket = Socket & { parser?: { incoming?: IncomingMessage | null } | null };

const destroySoon = (socket: Socket): void => Object.getPrototypeOf(socket).destroySoon.call(socket);

/**
 * Lingering close (RFC 9112 §9.6) on Node's HTTP/1.1 connections: when an answer closes its
 * connection while the client is still sending the request's body (a 413, which stops reading at
 * once), the connection is not closed under the unread bytes. Node would close it as soon as the
 * answer is written, and the kernel answers the bytes still arriving with a reset, which can
 * reach the client before it read the answer (Node 24's `fetch` then says `fetch failed`, EPIPE).
 * Instead the answer is followed by the end of the server's side (FIN), the rest of the body is
 * read and dropped, and the connection is closed when the client ends its side, or after
 * `LINGER_BYTES` more bytes or `LINGER_MS`, whichever comes first (looked at every `LINGER_MS / 20`). A connection closing with its
 * request read to its end closes as before.
 *
 * Node calls a socket's `destroySoon` to close a connection after its last answer; this replaces
 * it on each HTTP/1.1 socket (plain, or TLS where ALPN chose HTTP/1.1).
 */
export function lingeringClose<S extends Server>(server: S, tls = false): S {
  if (tls) {
    server.on('secureConnection', (socket: TLSSocket) => {
      if (socket.alpnProtocol !== 'h2') socket.destroySoon = lingeringDestroySoon;
    });
  } else {
    server.on('connection', (socket: Socket) => {
      socket.destroySoon = lingeringDestroySoon;
    });
  }
  return server;
}

function lingeringDestroySoon(this: ServedSocket): void {
  const request = this.parser?.incoming;
  // Nothing left unread, or nothing to read it with: close as Node does.
  if (!request || request.complete || this.destroyed || this.readableEnded) return destroySoon(this);
  // Counted on the socket: a request Node has dumped (answered before its body was read) drops
  // its bytes in the parser without a 'data' event, and the parser reads the socket without one too.
  const until = this.bytesRead + LINGER_BYTES;
  const deadline = performance.now() + LINGER_MS;
  const watch = setInterval(() => {
    if (this.bytesRead > until || performance.now() >= deadline) this.destroy();
  }, LINGER_MS / 20);
  watch.unref();
  this.once('close', () => clearInterval(watch));
  this.once('end', () => this.destroy());
  request.once('end', () => {
    // The whole body came: Node's own close has nothing left to trip on.
    clearInterval(watch);
    destroySoon(this);
  });
  request.resume();
  this.end();
}
