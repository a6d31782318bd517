import { IN_A_WORKER } from './in-a-worker.js';

/** What the common servers hand `app.fetch` as its second argument when they host it directly. */
interface HostedEnv {
  /** @hono/node-server's `serve({ fetch: app.fetch })`: `{ incoming, outgoing }`. */
  readonly incoming?: { readonly socket?: { readonly remoteAddress?: unknown } };
  /** `Deno.serve(app.fetch)`: the serve handler info. A Unix socket address has no hostname. */
  readonly remoteAddr?: { readonly hostname?: unknown };
  /** `Bun.serve({ fetch: app.fetch })`: the server, which finds the peer of a request. */
  readonly requestIP?: (request: Request) => { readonly address?: unknown } | null | undefined;
}

/**
 * The peer address from the env of a server hosting `app.fetch` itself (@hono/node-server's,
 * Deno's or Bun's), or in a Cloudflare Worker the address Cloudflare names; '' for any other (such
 * a host can pass `{ remoteAddress: () => … }`).
 */
export function hostedAddress(env: unknown, request: Request): string {
  // A Worker is handed no peer: Cloudflare names it in `CF-Connecting-IP`, replacing any a client
  // sent. Only there is that header the platform's word, so it is read only there.
  if (IN_A_WORKER) return request.headers.get('cf-connecting-ip') ?? '';
  if (typeof env !== 'object' || env === null) return '';
  const hosted = env as HostedEnv;
  const socketAddress = hosted.incoming?.socket?.remoteAddress;
  if (typeof socketAddress === 'string') return socketAddress;
  const hostname = hosted.remoteAddr?.hostname;
  if (typeof hostname === 'string') return hostname;
  if (typeof hosted.requestIP === 'function') {
    const address = hosted.requestIP(request)?.address;
    if (typeof address === 'string') return address;
  }
  return '';
}
