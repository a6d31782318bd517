import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Server } from 'node:http';
import { serveUpgrades } from '../streaming/websocket/node-upgrade.js';
import { NodeDrain } from './node-drain.js';
import type { HttpEnv, HttpListener } from './server-adapter.js';
import type { ServerLimits } from './server-limits.js';

/**
 * Serves a Hono app on Node through @hono/node-server, with the application's limits (header,
 * request and keep-alive timeouts, a connection cap). Port 0 lets the OS pick. `close(graceMs)`
 * drains gracefully (`NodeDrain`).
 *
 * @example
 * const listener = await listenNode(app, 0, '127.0.0.1', DEFAULT_SERVER_LIMITS); console.log(listener.port);
 */
export function listenNode(app: Hono<HttpEnv>, port: number, hostname: string | undefined, limits: ServerLimits): Promise<HttpListener> {
  // @hono/node-server's env (`{ incoming, outgoing }`) becomes `c.env` as it is: `hostedAddress`
  // and `requestHeader` read Node's request from it, and no wrapper is allocated per request.
  const fetch = app.fetch as (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;
  const server = createAdaptorServer({
    fetch,
    hostname,
    // How often Node looks for connections past their header or request timeout (its default, 30 s, would let them overstay).
    serverOptions: { connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 4)) },
  }) as Server;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  // `@Ws()` routes: upgrade requests go through the same routes.
  serveUpgrades(server, app.fetch as Parameters<typeof serveUpgrades>[1]);
  const drain = new NodeDrain(server);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({ port: typeof address === 'object' && address ? address.port : port, close: (graceMs) => drain.close(graceMs) });
    });
  });
}
