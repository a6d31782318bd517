import type { TlsOptions } from '../../listen-options.js';
import type { HttpListener, ServedHttp } from '../../served-http.js';
import type { ServerLimits } from '../../server-limits.js';
import { BunBindings, type BunRequestServer } from './bun-bindings.js';
import { bunWebSocketHandler, type BunWebSocketHandler } from './bun-socket-port.js';

// The few members of Bun's API this adapter uses, so that the package type-checks without Bun's types.
interface BunServer extends BunRequestServer {
  readonly port: number;
  /** `false`: stop accepting and resolve once in-flight requests are answered; `true`: close every connection now. */
  stop(closeActiveConnections?: boolean): Promise<void>;
}
interface BunServeOptions {
  readonly port: number;
  readonly hostname: string;
  /** Seconds a connection may stay idle (Bun's cap: 255). */
  readonly idleTimeout: number;
  /** PEM text or bytes: with it, `Bun.serve` speaks HTTPS (HTTP/1.1; Bun.serve negotiates no HTTP/2). */
  readonly tls?: { readonly key: string | Uint8Array; readonly cert: string | Uint8Array };
  /** The handlers of the sockets `server.upgrade` opens. */
  readonly websocket?: BunWebSocketHandler;
  /** Nothing once `server.upgrade` took the request: Bun answers the handshake. */
  fetch(request: Request, server: BunServer): Response | undefined | Promise<Response | undefined>;
}
interface BunRuntime {
  serve(options: BunServeOptions): BunServer;
}

/**
 * Serves the application on Bun through `Bun.serve`, with the web entry of its routes (the same
 * handler as `app.fetch`): the routes, the chain, the body limit (413), event streams as streamed
 * `Response`s. Port 0 lets the OS pick; without a hostname it listens on `::` (IPv6 and IPv4), or
 * on `0.0.0.0` where IPv6 is unavailable. Of the `ServerLimits`, the keep-alive timeout becomes
 * Bun's `idleTimeout` (whole seconds, at most 255); `requestTimeoutMs` bounds a body's read in the
 * web adapter (`timed-body.ts`); Bun has no header timeout or connection cap to set; event streams are exempt from the idle timeout. A `@Ws()` route's socket opens through
 * `server.upgrade` once its upgrade stage let it through, and Bun's `websocket` handlers report to
 * its session (`BunSocketPort`). `close(graceMs)`: no new connections, in-flight requests finish, and those still running
 * after `graceMs` are cut. With `tls` it serves HTTPS through `Bun.serve`'s own `tls` option,
 * HTTP/1.1 only: `Bun.serve` offers no HTTP/2 by ALPN (Node and Deno do).
 *
 * @example
 * const listener = await listenBun(served, 0, undefined, limits); console.log(listener.port);
 * await listenBun(served, 8443, '0.0.0.0', limits, { key, cert }); // HTTPS (HTTP/1.1)
 */
export async function listenBun({ web, streaming }: ServedHttp, port: number, hostname: string | undefined, limits: ServerLimits, tls?: TlsOptions): Promise<HttpListener> {
  const { Bun } = globalThis as unknown as { Bun: BunRuntime };
  const app = await web.load();
  const idleTimeout = Math.max(1, Math.min(255, Math.ceil(limits.keepAliveTimeoutMs / 1000)));
  let closing = false;
  const websocket = streaming && bunWebSocketHandler(streaming.options.maxMessageBytes, () => closing);
  const serveOn = (host: string) =>
    Bun.serve({
      port,
      hostname: host,
      idleTimeout,
      ...(tls && { tls: { key: tls.key, cert: tls.cert } }),
      ...(websocket && { websocket }),
      fetch: async (request, server) => {
        const bindings = new BunBindings(server, request);
        const response = await app.fetch(request, bindings);
        if (bindings.upgraded) return undefined;
        // An event stream is quiet between events for as long as it likes: Bun's idle timeout
        // would cut it, as it cuts an idle keep-alive connection.
        if (response.body && response.headers.get('content-type')?.startsWith('text/event-stream')) server.timeout(request, 0);
        return response;
      },
    });
  const everyInterface = () => {
    try {
      return serveOn('::');
    } catch (error) {
      if ((error as { code?: string }).code === 'EADDRINUSE') throw error; // busy on IPv4 too: report it as is
      return serveOn('0.0.0.0');
    }
  };
  const server = hostname === undefined ? everyInterface() : serveOn(hostname);
  return {
    port: server.port,
    close: (graceMs) =>
      new Promise<void>((done, fail) => {
        closing = true;
        const cut = setTimeout(() => void server.stop(true).then(done, fail), graceMs);
        server.stop(false).then(
          () => {
            clearTimeout(cut);
            done();
          },
          (error: unknown) => {
            clearTimeout(cut);
            fail(error);
          },
        );
      }),
  };
}
