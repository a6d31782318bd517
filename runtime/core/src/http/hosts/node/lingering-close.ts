import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

/** At most this many bytes of a refused body are read and dropped after the answer, for at most `LINGER_MS`. */
export const LINGER_BYTES = 4 * 1024 * 1024;
export const LINGER_MS = 2000;

type ServedSocket = Socket & { parser?: { incoming?: IncomingMessage | null } | null };

const destroySoon = (socket: Socket): void => Object.getPrototypeOf(socket).destroySoon.call(socket);

/**
 * Lingering close (RFC 9112 §9.6): an answer closing its connection while the body still arrives
 * (a 413) is followed by a FIN and the rest dropped, up to `LINGER_BYTES` or `LINGER_MS`; closed at
 * once, the kernel's reset could reach the client before the answer. On each HTTP/1.1 socket.
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
  // Counted on the socket: a dumped request drops its bytes in the parser without 'data' events.
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
