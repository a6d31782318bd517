/**
 * `POST /api/send` of the dev dashboard: the explorer's request, sent to the app the loop runs and
 * to nothing else (the page names a method and a path, never a host).
 */
import type { AppAddress } from './messages.js';

export interface ExplorerRequest {
  readonly method: string;
  /** Path and query, starting with `/`. */
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface ExplorerAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The answer's text, cut at 1 MiB. */
  readonly body: string;
  readonly truncated: boolean;
  readonly durationMs: number;
  readonly url: string;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Set by fetch itself or meaningless through a proxy. */
const DROPPED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'te', 'trailer']);
const ANSWER_LIMIT = 1024 * 1024;

/** Why the explorer's request is not sent, or undefined when it is well formed. */
export function invalidRequest(value: unknown): string | undefined {
  const r = value as Partial<ExplorerRequest> | null;
  if (r === null || typeof r !== 'object') return 'the body must be a JSON object { method, path, headers?, body? }';
  if (typeof r.method !== 'string' || !METHODS.has(r.method)) return `method must be one of ${[...METHODS].join(', ')}`;
  if (typeof r.path !== 'string' || !r.path.startsWith('/') || r.path.startsWith('//') || /[\s\\]/.test(r.path)) return 'path must be a path of the app, starting with a single /';
  if (r.headers !== undefined) {
    if (r.headers === null || typeof r.headers !== 'object') return 'headers must be an object of strings';
    for (const [name, v] of Object.entries(r.headers)) {
      if (!TOKEN.test(name) || typeof v !== 'string' || /[\r\n]/.test(v)) return `header ${JSON.stringify(name)} is not a valid header`;
    }
  }
  if (r.body !== undefined && typeof r.body !== 'string') return 'body must be a string';
  return undefined;
}

/** The origin the app's HTTP server answers on, from the address it listens on. */
export function appOrigin(address: AppAddress['http']): string | undefined {
  if (!address) return undefined;
  const host = address.host === '0.0.0.0' || address.host === '' ? '127.0.0.1' : address.host === '::' ? '::1' : address.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** `host:port` of the app's gRPC server, from the address it listens on (grpc-js's target). */
export function grpcTarget(address: AppAddress['grpc']): string | undefined {
  return appOrigin(address)?.slice('http://'.length);
}

/**
 * Sends the explorer's request to the app.
 *
 * @example
 * await sendToApp('http://127.0.0.1:3000', { method: 'GET', path: '/todo/1' }) // { status: 200, body: '{"id":1,…}', … }
 */
export async function sendToApp(origin: string, request: ExplorerRequest): Promise<ExplorerAnswer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) if (!DROPPED.has(name.toLowerCase())) headers[name] = value;
  const url = new URL(request.path, origin);
  const started = performance.now();
  const hasBody = request.body !== undefined && request.body !== '' && request.method !== 'GET' && request.method !== 'HEAD';
  const response = await fetch(url, { method: request.method, headers, ...(hasBody ? { body: request.body } : {}), redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const buffer = Buffer.from(await response.arrayBuffer());
  const durationMs = Math.round((performance.now() - started) * 100) / 100;
  const truncated = buffer.length > ANSWER_LIMIT;
  return {
    status: response.status,
    headers: headersOf(response.headers),
    body: buffer.subarray(0, ANSWER_LIMIT).toString('utf8'),
    truncated,
    durationMs,
    url: url.pathname + url.search,
  };
}

/**
 * Opens an event stream of the app (`GET` of an `@Sse()` route); `signal` ends it.
 *
 * @example
 * const answer = await openStream('http://127.0.0.1:3000', { method: 'GET', path: '/todo/events' }, signal);
 */
export function openStream(origin: string, request: Omit<ExplorerRequest, 'method' | 'body'>, signal: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  for (const [name, value] of Object.entries(request.headers ?? {})) if (!DROPPED.has(name.toLowerCase())) headers[name] = value;
  return fetch(new URL(request.path, origin), { headers, redirect: 'manual', signal });
}

function headersOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => (out[name] = value));
  return out;
}
