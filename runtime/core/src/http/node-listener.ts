import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Server } from 'node:http';
import type { HttpEnv, HttpListener, ServerBindings } from './server-adapter.js';

/** The connection facts of one Node request, read only when asked for. */
class NodeBindings implements ServerBindings {
  constructor(private readonly env: HttpBindings | Http2Bindings) {}
  remoteAddress(): string {
    return this.env.incoming.socket.remoteAddress ?? '';
  }
}

/**
 * Serves a Hono app on Node through @hono/node-server. Port 0 lets the OS pick. `close(graceMs)`
 * is `server.close()`, then `closeAllConnections()` for what is still open after `graceMs`.
 *
 * @example
 * const listener = await listenNode(app, 0); console.log(listener.port);
 */
export function listenNode(app: Hono<HttpEnv>, port: number, hostname?: string): Promise<HttpListener> {
  const fetch = (request: Request, env: HttpBindings | Http2Bindings) => app.fetch(request, new NodeBindings(env));
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info) => {
      resolve({
        port: info.port,
        close: (graceMs) =>
          new Promise<void>((done, fail) => {
            // A request still running after the grace period loses its connection: one slow or
            // stuck call must not keep close() (and the onAppClose hooks after it) waiting forever.
            const force = setTimeout(() => server.closeAllConnections(), graceMs);
            server.close((error) => {
              clearTimeout(force);
              if (error) fail(error);
              else done();
            });
            // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
            server.closeIdleConnections();
          }),
      });
    }) as Server;
    server.once('error', reject);
  });
}
