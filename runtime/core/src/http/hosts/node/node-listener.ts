import type { RequestListener } from 'node:http';
import type { HttpListener, ServedHttp } from '../../served-http.js';
import type { ServerLimits } from '../../server-limits.js';
import { serveUpgrades } from './websocket/node-upgrade.js';
import { NodeDrain } from './node-drain.js';
import { nodeRequestListener, normalisingTarget } from './node-dispatch.js';
import { refusingRepeatedHost } from './repeated-host.js';
import { createNodeServer, SecureDrain } from './secure-listener.js';
import type { TlsOptions } from '../../listen-options.js';

/** `FRAMEWORK_HTTP_ADAPTER=web` serves every request through the web adapter: the suites hold both to the same answers. */
export const HTTP_ADAPTER_VARIABLE = 'FRAMEWORK_HTTP_ADAPTER';

/** Serves the application on Node's HTTP server with the application's limits; `close(graceMs)` drains (`NodeDrain`). */
export async function listenNode(served: ServedHttp, port: number, hostname: string | undefined, limits: ServerLimits, tls?: TlsOptions): Promise<HttpListener> {
  // `ws` is loaded only by an application with `@Ws()` routes (the others never complete a handshake), on its first upgrade request.
  const webSocketServer = served.routes.some((route) => route.entry.stream === 'websocket') ? async () => (await import('ws')).WebSocketServer : undefined;
  const native = process.env[HTTP_ADAPTER_VARIABLE] !== 'web';
  const listener = native ? nodeRequestListener(served, hostname) : await throughWebAdapter(served, hostname);
  // How often Node looks for connections past their header or request timeout (its default, 30 s, would let them overstay).
  const server = await createNodeServer(tls, { connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 4)) }, refusingRepeatedHost(listener, served.report));
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  const upgrades = native && served.streaming ? { routes: served.routes, serving: served.streaming, report: served.report } : undefined;
  serveUpgrades(server, served.web.fetch, upgrades, webSocketServer);
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

/** Every request as a Web `Request` to the web adapter (`FRAMEWORK_HTTP_ADAPTER=web`), through @hono/node-server's bridge. */
async function throughWebAdapter(served: ServedHttp, hostname: string | undefined): Promise<RequestListener> {
  const [{ getRequestListener }, app] = await Promise.all([import('@hono/node-server'), served.web.load()]);
  const bridge = getRequestListener(app.fetch, { hostname });
  // The target read once, as the node adapter reads it: both adapters see the same URL.
  return normalisingTarget(hostname, (incoming, outgoing) => void bridge(incoming, outgoing));
}
