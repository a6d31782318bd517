/**
 * A large JSON answer of the dashboard (the catalog, the graph) made once per build instead of
 * once per request: serialised at the first request after the build, and gzipped once for a
 * browser that accepts it (a 1,000-controller app's catalog is 2.4 MB of JSON, 130 KB gzipped).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { SECURITY_HEADERS } from './page-requests.js';

/** Below this, an answer is sent as it is: gzip would not pay. */
const GZIP_FROM = 1024;

/**
 * One value's JSON, made when first asked for.
 *
 * @example
 * const routes = new CachedJson(catalog); // at each build
 * routes.send(request, response); // every GET /api/routes
 */
export class CachedJson {
  private plain: Buffer | undefined;
  private gzipped: Buffer | undefined;

  constructor(private readonly value: unknown) {}

  /** Answers 200 with the JSON, gzipped when the request accepts it. */
  send(request: IncomingMessage, response: ServerResponse): void {
    this.plain ??= Buffer.from(JSON.stringify(this.value));
    const gzip = this.plain.length >= GZIP_FROM && acceptsGzip(request.headers['accept-encoding']);
    // Level 1: most of the gain for a fraction of the time (the catalog's text repeats a lot).
    const body = gzip ? (this.gzipped ??= gzipSync(this.plain, { level: 1 })) : this.plain;
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}

/** Whether an `Accept-Encoding` header lists gzip (or `*`) without `q=0`. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
