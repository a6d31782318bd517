import type { Context } from 'hono';

/** Node's request, as @hono/node-server hands it in its env. */
interface NodeEnv {
  readonly incoming?: { readonly headers?: Record<string, string | string[] | undefined> };
}

/**
 * A request header, read the cheapest way the server allows: from Node's parsed headers when
 * @hono/node-server serves the request (the framework's own Node server, or one hosting
 * `app.fetch`), else through the Web request. Node's parser has checked the values already; the Web
 * path normalises and checks every name and value again, which measured 0.1 µs a read.
 *
 * @example
 * requestHeader(c, 'content-type'); // 'application/json'
 */
export function requestHeader(c: Context, lowerCaseName: string): string | undefined {
  const headers = (c.env as NodeEnv | undefined)?.incoming?.headers;
  if (headers === undefined) return c.req.header(lowerCaseName);
  const value = headers[lowerCaseName];
  return typeof value === 'string' || value === undefined ? value : value.join(', ');
}
