import { createServer, type RequestListener, type Server } from 'node:http';
import type { Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { TlsOptions } from '../../listen-options.js';
import { lingeringClose } from './lingering-close.js';

/**
 * Node's server for `app.listen`: plain HTTP/1.1 (`node:http`), or with `tls` one port serving
 * HTTP/2 and HTTP/1.1 over TLS, the protocol chosen by ALPN (`node:http2`'s `createSecureServer`
 * with `allowHTTP1`). Its HTTP/1.1 connections close lingering after an answer that refused a body
 * still arriving (`lingering-close.ts`). HTTP/2 requests reach `listener` through Node's compatibility API (the same
 * request and response methods), HTTP/1.1 ones as on `node:http`, upgrades (WebSockets) included.
 * The server takes the same limits either way (its `headersTimeout` and `requestTimeout` apply to
 * HTTP/1.1; an HTTP/2 session idle past `keepAliveTimeoutMs` is closed).
 *
 * @example
 * const server = await createNodeServer({ key, cert }, { connectionsCheckingInterval: 1000 }, listener);
 */
export async function createNodeServer(tls: TlsOptions | undefined, options: { connectionsCheckingInterval: number }, listener: RequestListener): Promise<Server> {
  if (!tls) return lingeringClose(createServer(options, listener));
  // Loaded only for TLS: node:http2 (and tls with it) is a fair part of a plain server's start.
  const { createSecureServer } = await import('node:http2');
  const server = createSecureServer({ key: pem(tls.key), cert: pem(tls.cert), allowHTTP1: true, ...options }, withHost(listener) as never);
  // What the rest of the adapter uses of a server (limits, 'upgrade', close) is there on both.
  return lingeringClose(server as unknown as Server, true);
}

const pem = (value: string | Uint8Array): string | Buffer => (typeof value === 'string' ? value : Buffer.from(value));

/**
 * An HTTP/2 request names its host in `:authority`, not `Host` (RFC 9113 §8.3.1): given a `host`
 * as an HTTP/1.1 request has it, it takes the same path (the Node-native routes, the URL the
 * handlers see) instead of the one for requests without a host.
 */
function withHost(listener: RequestListener): RequestListener {
  return (incoming, outgoing) => {
    if (incoming.headers.host === undefined) {
      const authority = incoming.headers[':authority'];
      if (typeof authority === 'string') incoming.headers.host = authority;
    }
    listener(incoming, outgoing);
  };
}

/**
 * Graceful shutdown of the TLS server: it stops accepting; each HTTP/2 session gets a GOAWAY
 * (`session.close()`: its open streams finish, no new one starts) and its connection is closed
 * once the session has written its last frame (a client need not hang up first); each HTTP/1.1
 * connection is answered with `Connection: close` and closed when idle. Resolves when all are
 * closed, or cuts what is left after the grace period. Keeps one set entry per connection.
 *
 * @example
 * const drain = new SecureDrain(server);
 * await drain.close(5000);
 */
export class SecureDrain {
  private readonly sessions = new Set<Http2Session>();
  private readonly sockets = new Set<TLSSocket>();

  constructor(private readonly server: Server) {
    server.on('session', (session: Http2Session) => {
      this.sessions.add(session);
      session.once('close', () => this.sessions.delete(session));
    });
    server.on('secureConnection', (socket: TLSSocket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  close(graceMs: number): Promise<number> {
    const open = this.sockets.size;
    this.server.prependListener('request', (_request, response) => {
      if (response.req.httpVersionMajor === 1) response.shouldKeepAlive = false;
    });
    return new Promise<number>((done, fail) => {
      const force = setTimeout(() => {
        for (const socket of this.sockets) socket.destroy();
      }, graceMs);
      force.unref();
      this.server.close((error?: Error) => {
        clearTimeout(force);
        if (error) fail(error);
        else done(open);
      });
      for (const session of this.sessions) session.close();
      for (const socket of this.sockets) {
        if (socket.alpnProtocol === 'h2') {
          // The session ends its side after its last stream and the GOAWAY; the peer's side is not awaited.
          if (socket.writableFinished) socket.destroy();
          else socket.once('finish', () => socket.destroy());
          continue;
        }
        const busy = (socket as Socket & { _httpMessage?: { headersSent: boolean; shouldKeepAlive: boolean; once(event: string, then: () => void): void } | null })._httpMessage;
        if (!busy) socket.destroySoon();
        else if (!busy.headersSent) busy.shouldKeepAlive = false;
        else busy.once('finish', () => socket.destroySoon());
      }
    });
  }
}
