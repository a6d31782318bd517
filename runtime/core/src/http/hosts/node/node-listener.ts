import type { HttpListener, ServedHttp } from '../../served-http.js';
import type { ServerLimits } from '../../server-limits.js';
import { serveUpgrades } from './websocket/node-upgrade.js';
import { NodeDrain } from './node-drain.js';
import { nodeNativeListener } from './node-dispatch.js';
import { honoListener } from './hono-listener.js';
import { refusingRepeatedHost } from './repeated-host.js';
import { servingStaticFiles } from './static-files-listener.js';
import { createNodeServer, SecureDrain } from './secure-listener.js';
import type { TlsOptions } from '../../listen-options.js';

/**
 * The environment variable that makes Node serve every request through the web adapter (a Web
 * `Request` through Hono, handed over by @hono/node-server: `FRAMEWORK_HTTP_ADAPTER=web`) instead
 * of the node adapter: the test suites run the HTTP end-to-end suites on both to hold them to the
 * same answers, and it is a way back should the node adapter ever answer differently.
 */
export const HTTP_ADAPTER_VARIABLE = 'FRAMEWORK_HTTP_ADAPTER';

/**
 * Serves the application on Node's HTTP server, with the application's limits (header, request
 * and keep-alive timeouts, a connection cap). Compiled routes are served on the Node-native path
 * (`nodeNativeListener`); the rest goes to the Hono app through @hono/node-server, both loaded on
 * the first such request (`honoListener`). Port 0 lets the OS pick. `close(graceMs)` drains
 * gracefully (`NodeDrain`).
 *
 * @example
 * const listener = await listenNode({ hono, routes, bodyLimit, report }, 0, '127.0.0.1', DEFAULT_SERVER_LIMITS);
 */
export async function listenNode(served: ServedHttp, port: number, hostname: string | undefined, limits: ServerLimits, tls?: TlsOptions): Promise<HttpListener> {
  // `ws` is loaded only by an application with `@Ws()` routes: the others never complete a handshake.
  const webSocketServer = served.routes.some((route) => route.entry.stream === 'websocket') ? (await import('ws')).WebSocketServer : undefined;
  const throughHono = honoListener(served.hono, hostname, served.report);
  const unrouted = servingStaticFiles(served.staticMounts ?? [], throughHono.listener);
  const native = process.env[HTTP_ADAPTER_VARIABLE] === 'web' ? undefined : nodeNativeListener(served.routes, served, unrouted);
  // Served by Hono alone: built now, so the first request does not wait for it.
  if (!native) await throughHono.load();
  // How often Node looks for connections past their header or request timeout (its default, 30 s, would let them overstay).
  const server = createNodeServer(tls, { connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 4)) }, refusingRepeatedHost(native ?? unrouted, served.report));
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  // `@Ws()` routes: upgrade requests go through the same routes (natively, with the native path).
  const upgrades = native && served.streaming ? { routes: served.routes, serving: served.streaming, report: served.report } : undefined;
  serveUpgrades(server, served.hono.fetch, upgrades, webSocketServer);
  const drain = tls ? new SecureDrain(server) : new NodeDrain(server);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({ port: typeof address === 'object' && address ? address.port : port, close: (graceMs) => drain.close(graceMs) });
    });
  });
}
