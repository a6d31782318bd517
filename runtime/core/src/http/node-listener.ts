import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Server } from 'node:http';

/** A listening HTTP server that can be closed gracefully. */
export interface HttpListener {
  readonly port: number;
  /** Stops accepting connections and resolves when in-flight requests have finished. */
  close(): Promise<void>;
}

/**
 * Serves a Hono app on Node through @hono/node-server. Port 0 lets the OS pick.
 *
 * @example
 * const listener = await listenNode(app, 0); console.log(listener.port);
 */
export function listenNode(app: Hono, port: number, hostname?: string): Promise<HttpListener> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // Idle keep-alive sockets would hold close() open; busy ones finish their request first.
            (server as Server).closeIdleConnections?.();
          }),
      });
    }) as Server;
    server.once('error', reject);
  });
}
