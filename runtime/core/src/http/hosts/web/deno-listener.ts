import type { TlsOptions } from '../../listen-options.js';
import type { HttpListener, ServedHttp } from '../../served-http.js';
import type { ServerLimits } from '../../server-limits.js';

// The few members of Deno's API this adapter uses, so that the package type-checks without Deno's types.
interface DenoServeInfo {
  /** A `Deno.NetAddr` on TCP; a Unix socket address has no hostname. */
  readonly remoteAddr: { readonly hostname?: string };
}
interface DenoHttpServer {
  readonly addr: { readonly port: number };
  shutdown(): Promise<void>;
  /** Lets the process end although the server still has connections. */
  unref(): void;
}
interface DenoServeOptions {
  readonly port: number;
  readonly hostname: string;
  /** PEM text: with `key`, `Deno.serve` speaks HTTPS, HTTP/2 or HTTP/1.1 by ALPN. */
  readonly cert?: string;
  readonly key?: string;
  onListen(): void;
}
interface DenoRuntime {
  serve(options: DenoServeOptions, handler: (request: Request, info: DenoServeInfo) => Response | Promise<Response>): DenoHttpServer;
}

/**
 * Serves the web adapter on Deno through `Deno.serve` (needs `--allow-net`). Port 0 lets the OS pick.
 * `Deno.serve` has no header or request timeouts and no connection cap to set, so the
 * application's `ServerLimits` are not applied here (the body limit is, by the routes).
 * Without a hostname it listens on `::` (IPv6 and IPv4, as Node does), or on `0.0.0.0` where IPv6
 * is unavailable. `close(graceMs)` is `server.shutdown()`: no new connections, in-flight requests
 * finish. It resolves after `graceMs` at the latest: Deno cannot cut connections once a graceful
 * shutdown has begun (aborting `Deno.serve`'s signal then throws an uncatchable BadResource), so
 * requests still running are left to finish on their own, and the server no longer keeps the
 * process alive. With `tls` it serves HTTPS through `Deno.serve`'s own `cert`/`key`, where each
 * connection speaks HTTP/2 or HTTP/1.1 as the client's handshake chooses (ALPN), as on Node.
 */
export async function listenDeno({ web }: ServedHttp, port: number, hostname?: string, _limits?: ServerLimits, tls?: TlsOptions): Promise<HttpListener> {
  const { Deno } = globalThis as unknown as { Deno: DenoRuntime };
  const app = await web.load(); // Deno serves every request through it
  // Deno's serve info becomes `c.env` as it is: `hostedAddress` reads the peer from it, and no
  // wrapper is allocated per request (measured 3% on a validated POST).
  const handler = app.fetch as (request: Request, info: DenoServeInfo) => Response | Promise<Response>;
  // An empty onListen keeps Deno from printing its own "Listening on" line.
  // Deno.serve takes PEM as text only; node:tls (and so app.listen on Node) takes bytes too.
  const certificate = tls && { cert: pemText(tls.cert), key: pemText(tls.key) };
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
      // One slow or stuck request must not keep close() (and the onAppClose hooks) waiting forever.
      new Promise<void>((done, fail) => {
        const giveUp = setTimeout(() => {
          server.unref();
          done();
        }, graceMs);
        server.shutdown().then(
          () => {
            clearTimeout(giveUp);
            done();
          },
          (error: unknown) => {
            clearTimeout(giveUp);
            fail(error);
          },
        );
      }),
  };
}

const pemText = (pem: string | Uint8Array): string => (typeof pem === 'string' ? pem : new TextDecoder().decode(pem));
