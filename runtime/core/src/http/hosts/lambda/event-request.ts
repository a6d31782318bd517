import type { AlbEvent, EventKind, HttpApiEvent, LambdaHttpEvent, RestApiEvent } from './events.js';

/**
 * The Web `Request` of a Lambda HTTP event of kind `kind`: method, URL (host from the `Host`
 * header or the API's domain, scheme from `X-Forwarded-Proto`), headers with their repeated
 * values and the 2.0 payload's `cookies`, and the body, base64-decoded when the event says so. A
 * `Host` that is not one plain host (two of them, a path in it) is a `HostRefusal` instead.
 *
 * @example
 * requestOf(event, kindOf(event)); // Request { method: 'POST', url: 'https://api.example.com/todo' }
 */
export function requestOf(event: LambdaHttpEvent, kind: EventKind): Request | HostRefusal {
  const headers = kind === 'http-api' ? httpApiHeaders(event as HttpApiEvent) : restHeaders(event as RestApiEvent | AlbEvent);
  const method = kind === 'http-api' ? (event as HttpApiEvent).requestContext.http.method : (event as RestApiEvent).httpMethod;
  const host = headers.get('host') ?? (event as RestApiEvent).requestContext.domainName ?? 'lambda.invalid';
  // An ALB passes the client's Host on: one that is not a plain host could move the path.
  if (!PLAIN_HOST.test(host)) return { refused: `The Host header must name one host (a name or address and an optional port); got ${JSON.stringify(host.slice(0, 100))}.` };
  const scheme = headers.get('x-forwarded-proto') === 'http' ? 'http' : 'https';
  const url = new URL(`${scheme}://${host}`);
  url.pathname = pathOf(event, kind);
  url.search = queryOf(event, kind);
  const carriesBody = method !== 'GET' && method !== 'HEAD' && event.body !== undefined && event.body !== null;
  const body = carriesBody ? (event.isBase64Encoded ? Buffer.from(event.body!, 'base64') : event.body!) : undefined;
  return new Request(url, { method, headers, body });
}

/** An event `requestOf` cannot make a request of: answered 400 with `refused`. */
export interface HostRefusal {
  readonly refused: string;
}

const PLAIN_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The caller's address as the event reports it ('' when it does not: an ALB puts it in `X-Forwarded-For`). */
export function sourceIpOf(event: LambdaHttpEvent, kind: EventKind): string {
  if (kind === 'http-api') return (event as HttpApiEvent).requestContext.http.sourceIp ?? '';
  if (kind === 'rest-api') return (event as RestApiEvent).requestContext.identity?.sourceIp ?? '';
  return '';
}

function httpApiHeaders(event: HttpApiEvent): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  // Payload 2.0 moves the Cookie header into `cookies`.
  if (event.cookies && event.cookies.length > 0) headers.set('cookie', event.cookies.join('; '));
  return headers;
}

function restHeaders(event: RestApiEvent | AlbEvent): Headers {
  const headers = new Headers();
  if (event.multiValueHeaders) {
    for (const [name, values] of Object.entries(event.multiValueHeaders)) for (const value of values ?? []) headers.append(name, value);
  } else {
    for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined && value !== null) headers.set(name, value);
  }
  return headers;
}

function pathOf(event: LambdaHttpEvent, kind: EventKind): string {
  const path = kind === 'http-api' ? (event as HttpApiEvent).rawPath : (event as RestApiEvent).path;
  return path.startsWith('/') ? path : `/${path}`;
}

function queryOf(event: LambdaHttpEvent, kind: EventKind): string {
  if (kind === 'http-api') {
    const raw = (event as HttpApiEvent).rawQueryString;
    return raw ? `?${raw}` : '';
  }
  const { multiValueQueryStringParameters: many, queryStringParameters: one } = event as RestApiEvent | AlbEvent;
  const pairs: [string, string][] = many
    ? Object.entries(many).flatMap(([name, values]) => (values ?? []).map((value): [string, string] => [name, value]))
    : Object.entries(one ?? {}).flatMap(([name, value]) => (value === undefined || value === null ? [] : [[name, value] as [string, string]]));
  if (pairs.length === 0) return '';
  // An ALB passes the query as the client sent it (encoded); API Gateway's REST API decodes it.
  if (kind !== 'rest-api') return `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`;
  return `?${new URLSearchParams(pairs).toString()}`;
}
