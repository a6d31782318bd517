import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Readable } from 'node:stream';
import { queryParam } from '../../pipeline/query-string.js';
import type { HttpRequest } from '../../../contract/argument-source.js';
import { requestHeaderOf } from './request-headers.js';

/** The call a request belongs to: what `raw` takes from it. */
export interface RequestOwner {
  /** The call's own: `raw`'s signal is it (aborted when the client goes away first). */
  readonly signal: AbortSignal;
  /** The body's text once the call has read it: `raw` then carries it. */
  readonly bodyText?: string;
}

/**
 * The request of a call on the Node-native path, as `@Req()` and `context.req` see it: the same
 * members and answers as Hono's request on @hono/node-server, read from Node's `IncomingMessage`.
 * `raw`, the Web `Request`, is built on first read only (most calls never ask for it).
 *
 * @example
 * const req = new NodeRequest(incoming, '/todo/42', ['id'], ['42'], call);
 * req.param('id'); // '42'
 * req.raw.headers.get('accept'); // a Web Request, built now
 */
export class NodeRequest implements HttpRequest {
  private webRequest?: Request;
  private fullUrl?: string;

  constructor(
    private readonly incoming: IncomingMessage,
    /** The path as the router saw it (a trailing slash dropped, as on Hono). */
    readonly path: string,
    private readonly paramNames: readonly string[],
    private readonly paramValues: readonly string[],
    /** Read only when `raw` is built (not copied: the call's signal is made on first read). */
    private readonly owner: RequestOwner,
  ) {}

  get method(): string {
    return this.incoming.method!;
  }
  /** `http://host/path?query`, as @hono/node-server builds it from the Host header. */
  get url(): string {
    if (this.fullUrl === undefined) {
      const scheme = (this.incoming.socket as TLSSocket).encrypted ? 'https' : 'http';
      this.fullUrl = `${scheme}://${this.incoming.headers.host}${this.incoming.url}`;
    }
    return this.fullUrl;
  }
  header(name: string): string | undefined {
    return requestHeaderOf(this.incoming, name);
  }
  param(name: string): string | undefined {
    const index = this.paramNames.indexOf(name);
    return index === -1 ? undefined : this.paramValues[index];
  }
  query(name: string): string | undefined {
    return queryParam(this.incoming.url ?? '/', name);
  }
  /** Whether `raw` was built: its body stream then owns the request body. */
  get rawBuilt(): boolean {
    return this.webRequest !== undefined;
  }
  get raw(): Request {
    return (this.webRequest ??= this.buildWebRequest());
  }

  private buildWebRequest(): Request {
    const { incoming } = this;
    // Line by line, as @hono/node-server's headers hold them: a `Headers` object copied into the
    // Request would trim its joined values (`a, ` of `a` and an empty line would become `a,`).
    const headers: [string, string][] = [];
    for (let i = 0; i < incoming.rawHeaders.length; i += 2) headers.push([incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!]);
    const method = incoming.method!;
    const { signal } = this.owner;
    if (method === 'GET' || method === 'HEAD') return new Request(this.url, { method, headers, signal });
    const text = this.owner.bodyText;
    const body = text !== undefined ? text : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
    return new Request(this.url, { method, headers, body, signal, duplex: 'half' } as RequestInit);
  }
}
