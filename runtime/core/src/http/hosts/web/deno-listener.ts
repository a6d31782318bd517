import type { TlsOptions } from '../../listen-options.js';
import type { HttpListener, ServedHttp } from '../../served-http.js';
import type { ServerLimits } from '../../server-limits.js';

// The few members of Deno's API this adapter uses, so that the package type-checks without Deno's types.
interface DenoServeInfo {
  readonly remoteAddr: { readonly hostname?: string };
}
interface DenoHttpServer {
  readonly addr: { readonly port: number };
  shutdown(): Promise<void>;
  unref(): void;
}
interface DenoServeOptions {
  readonly port: number;
  readonly hostname: string;
  /** PEM text only (node:tls takes bytes too). */
  readonly cert?: string;
  readonly key?: string;
  onListen(): void;
}
interface DenoRuntime {
  serve(options: DenoServeOptions, handler: (request: Request, info: DenoServeInfo) => Response | Promise<Response>): DenoHttpServer;
}

/**
 * Serves the web adapter on Deno through `Deno.serve` (needs `--allow-net`), HTTPS with `tls` (HTTP/2
 * or HTTP/1.1 by ALPN). Deno has no header or request timeouts and no connection cap, so
 * `ServerLimits` are not applied here (the web adapter bounds a body's read by `requestTimeoutMs`
 * itself, `timed-body.ts`). Without a hostname it listens on `::`, or on `0.0.0.0`
 * where IPv6 is unavailable. `close(graceMs)` is `server.shutdown()`, resolved after `graceMs` at
 * the latest: Deno cannot cut connections once a graceful shutdown began (aborting its signal
 * throws an uncatchable BadResource), so requests still running finish on their own, unref'd.
 */
export async function listenDeno({ web }: ServedHttp, port: number, hostname?: string, _limits?: ServerLimits, tls?: TlsOptions): Promise<HttpListener> {
  const { Deno } = globalThis as unknown as { Deno: DenoRuntime };
  const app = await web.load(); // Deno serves every request through it
  // Deno's serve info becomes the env as it is: no wrapper per request (3% on a validated POST).
  const handler = app.fetch as (request: Request, info: DenoServeInfo) => Response | Promise<Response>;
  const certificate = tls && { cert: pemText(tls.cert), key: pemText(tls.key) };
  // An empty onListen keeps Deno from printing its own "Listening on" line.
  const serveOn = (host: string) => Deno.serve({ port, hostname: host, ...certificate, onListen() {} }, handler);
  const everyInterface = () => {
    try {
      return serveOn('::');
    } catch (error) {
      if ((error as Error).name === 'AddrInUse') throw error; // busy on IPv4 too: report it as is
      return serveOn('0.0.0.0');
    }
  };
  const server = hostname === undefined ? everyInterface() : serveOn(hostname);
  return {
    port: server.addr.port,
    close: (graceMs) =>
      new Promise<void>((done, fail) => {
        const giveUp = setTimeout(() => {
          server.unref();
          done();
        }, graceMs);
        server.shutdown().then(done, fail).finally(() => clearTimeout(giveUp));
      }),
  };
}

const pemText = (pem: string | Uint8Array): string => (typeof pem === 'string' ? pem : new TextDecoder().decode(pem));
