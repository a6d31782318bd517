import { listRecord, optionalBoolean, optionalString, stringList, stringRecord } from './event-members.js';
import { EventHeaders, TOKEN } from './event-headers.js';
import type { EventKind, HostRefusal, HttpApiEvent, LambdaHttpEvent, RestApiEvent } from './events.js';

/**
 * A Lambda HTTP event read once into the parts of its request, as a Web `Request` of it would
 * give them: what the host port reads (`LambdaExchange`) and what `webRequestOf` builds a
 * `Request` from when one is asked for.
 */
export interface EventRequest {
  /** As a `Request` spells it (`GET`; an unknown method as sent). */
  readonly method: string;
  /** The URL as a `Request` would hold it (`https://api.example.com/todo?done=1`). */
  readonly url: string;
  /** The URL's host (lower-case, no default port). */
  readonly authority: string;
  /** The URL's path and query. */
  readonly target: string;
  readonly secure: boolean;
  readonly headers: EventHeaders;
  /** The body as sent (decoded from base64 when the event says so); undefined for GET and HEAD. */
  readonly body: Uint8Array | string | undefined;
  /** The caller's address as the event reports it: API Gateway's source IP, the address an ALB appends to `X-Forwarded-For`. */
  readonly remoteAddress: string;
}

/**
 * The request of a Lambda HTTP event of kind `kind`: method, URL (host from the `Host` header or
 * the API's domain, scheme from `X-Forwarded-Proto`), headers with their repeated values and the
 * 2.0 payload's `cookies`, and the body, base64-decoded when the event says so. What a client
 * sent that no request can carry (a `Host` that is not one plain host, a header name that is not
 * a token, a CR or LF in a value, a method that is not a token, a body marked base64 that is not)
 * is a `HostRefusal` instead; a member of the wrong type is a `MalformedLambdaEventError` naming it.
 *
 * @example
 * eventRequestOf(event, kindOf(event)); // { method: 'POST', url: 'https://api.example.com/todo', … }
 */
export function eventRequestOf(event: LambdaHttpEvent, kind: EventKind): EventRequest | HostRefusal {
  const members = event as unknown as Record<string, unknown>;
  const headers = kind === 'http-api' ? httpApiHeaders(members, kind) : restHeaders(members, kind);
  if (!(headers instanceof EventHeaders)) return headers;
  const method = methodOf(kind === 'http-api' ? (event as HttpApiEvent).requestContext.http.method : (event as RestApiEvent).httpMethod);
  if (typeof method !== 'string') return method;
  const domain = optionalString(kind, (event as RestApiEvent).requestContext as Record<string, unknown>, 'domainName', 'requestContext.domainName');
  const host = headers.joined.host ?? domain ?? 'lambda.invalid';
  // An ALB passes the client's Host on: one that is not a plain host could move the path.
  if (!PLAIN_HOST.test(host)) return { refused: `The Host header must name one host (a name or address and an optional port); got ${JSON.stringify(host.slice(0, 100))}.` };
  const scheme = headers.joined['x-forwarded-proto'] === 'http' ? 'http' : 'https';
  // The URL parser, not a `Request`: dot segments resolved and escapes made as a `Request`'s URL has them.
  const url = new URL(`${scheme}://${host}`);
  url.pathname = pathOf(event, kind);
  url.search = queryOf(members, kind);
  const body = bodyOf(members, kind, method);
  if (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array)) return body;
  // The whole body is at hand: its length is declared as a client's would be (a form over the limit
  // is then refused before it is read, with the same 413 as on a server), unless the event tells
  // how the client framed it.
  const framed = headers.joined['content-length'] !== undefined || headers.joined['transfer-encoding'] !== undefined;
  if (body !== undefined && !framed) headers.add('content-length', String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength));
  const target = url.pathname + url.search;
  return { method, url: url.href, authority: url.host, target, secure: scheme === 'https', headers, body, remoteAddress: sourceIpOf(event, kind, headers) };
}

/**
 * The Web `Request` of an event's parts (`@Req().raw`); `signal` aborts it.
 *
 * @example
 * webRequestOf(request, new AbortController().signal).headers.get('cookie'); // 'session=abc; theme=dark'
 */
export function webRequestOf(request: EventRequest, signal: AbortSignal | undefined): Request {
  const { method, headers, body } = request;
  return new Request(request.url, { method, headers: headers.lines, body: body as Uint8Array<ArrayBuffer> | string | undefined, signal });
}

const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
// The methods a `Request` spells in capitals whatever their case (the Fetch standard normalises them).
const NORMALISED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
const BASE64 = /^[a-z0-9+/_\-\r\n]*={0,2}[\r\n]*$/i;

/**
 * The address the request came from, as a server reads its connection's peer. An ALB reports it
 * only as the last entry of `X-Forwarded-For`, which it appends (its default processing mode);
 * the entries before it are the client's own words.
 */
function sourceIpOf(event: LambdaHttpEvent, kind: EventKind, headers: EventHeaders): string {
  if (kind === 'alb' || kind === 'alb-multi-value') {
    const forwarded = headers.joined['x-forwarded-for'];
    return forwarded === undefined ? '' : forwarded.slice(forwarded.lastIndexOf(',') + 1).trim();
  }
  const ip = kind === 'http-api' ? (event as HttpApiEvent).requestContext.http.sourceIp : (event as RestApiEvent).requestContext.identity?.sourceIp;
  return typeof ip === 'string' ? ip : '';
}

/** The method as a `Request` will spell it, or the refusal of one a `Request` cannot have. */
function methodOf(method: string): string | HostRefusal {
  if (!TOKEN.test(method)) return { refused: `The request method must be an HTTP token; got ${JSON.stringify(method.slice(0, 40))}.` };
  const upper = method.toUpperCase();
  // The Fetch standard forbids these three; a Node server answers them 405 on a known path.
  if (upper === 'CONNECT' || upper === 'TRACE' || upper === 'TRACK') return { refused: 'Method not allowed', status: 405 };
  return NORMALISED.has(upper) ? upper : method;
}

/** The body as the request carries it (decoded from base64 when the event says so), a refusal, or undefined. */
function bodyOf(event: Record<string, unknown>, kind: EventKind, method: string): Uint8Array | string | HostRefusal | undefined {
  const body = optionalString(kind, event, 'body');
  const base64 = optionalBoolean(kind, event, 'isBase64Encoded');
  // The method as normalised: a lowercase `get` with a body would make `new Request` throw.
  if (method === 'GET' || method === 'HEAD' || body === undefined) return undefined;
  if (!base64) return body;
  // Buffer.from skips what is not base64 and would hand the route bytes the client never sent.
  if (!BASE64.test(body)) return { refused: 'The request body is marked base64 (isBase64Encoded) but is not valid base64.' };
  return Buffer.from(body, 'base64');
}

function httpApiHeaders(event: Record<string, unknown>, kind: EventKind): EventHeaders | HostRefusal {
  const headers = new EventHeaders();
  for (const [name, value] of stringRecord(kind, event, 'headers')) {
    const refusal = headers.add(name, value);
    if (refusal) return refusal;
  }
  // Payload 2.0 moves the Cookie header into `cookies`.
  const cookies = event.cookies === undefined || event.cookies === null ? [] : stringList(kind, event.cookies, 'cookies');
  if (cookies.length > 0) return headers.add('cookie', cookies.join('; ')) ?? headers;
  return headers;
}

function restHeaders(event: Record<string, unknown>, kind: EventKind): EventHeaders | HostRefusal {
  const headers = new EventHeaders();
  const many = listRecord(kind, event, 'multiValueHeaders');
  for (const [name, value] of many ?? stringRecord(kind, event, 'headers')) {
    const refusal = headers.add(name, value);
    if (refusal) return refusal;
  }
  return headers;
}

/**
 * The path as a client sent it. API Gateway's HTTP API hands it decoded, in `rawPath` (payload 2.0)
 * and `path` (1.0, the only events of that kind with a `version`): a `%` there is the client's
 * `%25`, escaped again so that the route decodes the path once, as a server does. A function URL
 * (the same payload as the HTTP API, from its `lambda-url` domain), the REST API and an ALB hand it
 * as sent. (What the HTTP API decoded to `/` or `?` cannot be told apart from the client's own.)
 */
function pathOf(event: LambdaHttpEvent, kind: EventKind): string {
  const path = kind === 'http-api' ? withoutStage(event as HttpApiEvent) : (event as RestApiEvent).path;
  const absolute = path.startsWith('/') ? path : `/${path}`;
  return decodedByHttpApi(event, kind) ? absolute.replaceAll('%', '%25') : absolute;
}

const FUNCTION_URL = /\.lambda-url\.[a-z0-9-]+\.on\.aws$/i;
const EXECUTE_API = /^[a-z0-9]+\.execute-api\.[a-z0-9-]+\.amazonaws\.com(?:\.cn)?$/i;

/**
 * `rawPath` without the HTTP API's stage. A stage other than `$default` is the first segment of the
 * invoke URL's path on the API's own domain (`/prod/todo`), and API Gateway keeps it in `rawPath`
 * there (under a custom domain it is not in the path): dropped, the routes see the path they
 * declare, as the REST API's `path` already gives it.
 */
function withoutStage(event: HttpApiEvent): string {
  const { rawPath } = event;
  const { stage, domainName } = event.requestContext;
  if (typeof stage !== 'string' || stage === '$default' || typeof domainName !== 'string' || !EXECUTE_API.test(domainName)) return rawPath;
  const prefix = `/${stage}`;
  return rawPath === prefix ? '/' : rawPath.startsWith(`${prefix}/`) ? rawPath.slice(prefix.length) : rawPath;
}

/** Whether API Gateway's HTTP API sent the event (every one names its domain; an event written by hand without one is read as sent). */
function decodedByHttpApi(event: LambdaHttpEvent, kind: EventKind): boolean {
  const domain = (event as HttpApiEvent | RestApiEvent).requestContext.domainName;
  if (typeof domain !== 'string') return false;
  if (kind === 'http-api') return !FUNCTION_URL.test(domain);
  return kind === 'rest-api' && (event as { version?: unknown }).version === '1.0';
}

function queryOf(event: Record<string, unknown>, kind: EventKind): string {
  if (kind === 'http-api') {
    const raw = optionalString(kind, event, 'rawQueryString');
    return raw ? `?${raw}` : '';
  }
  const pairs = listRecord(kind, event, 'multiValueQueryStringParameters') ?? stringRecord(kind, event, 'queryStringParameters');
  if (pairs.length === 0) return '';
  // An ALB passes the query as the client sent it (encoded); API Gateway's REST API decodes it.
  if (kind !== 'rest-api') return `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`;
  return `?${new URLSearchParams(pairs).toString()}`;
}
