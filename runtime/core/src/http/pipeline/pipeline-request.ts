import type { HttpRequest } from '../../contract/argument-source.js';
import type { HostExchange } from './host-exchange.js';
import { queryParam } from './query-string.js';

/** What `raw` takes from the call the request belongs to. */
export interface RequestOwner {
  /** Aborted when the client goes away first. */
  readonly signal: AbortSignal;
  /** The body's text once the call has read it: `raw` then carries it. */
  readonly bodyText?: string;
}

/**
 * The request of a call as `@Req()` and `context.req` see it, read from the port; `raw`, the Web
 * `Request`, is built on first read only (most calls never ask for it).
 */
export class PipelineRequest implements HttpRequest {
  private webRequest?: Request;

  constructor(
    private readonly exchange: HostExchange,
    /** The path as the router saw it (a trailing slash dropped). */
    readonly path: string,
    private readonly paramNames: readonly string[],
    private readonly paramValues: readonly string[],
    private readonly owner: RequestOwner,
  ) {}

  get method(): string {
    return this.exchange.method;
  }
  /** `http://host/path?query`, from the authority and the target. */
  get url(): string {
    const { exchange } = this;
    return `${exchange.secure ? 'https' : 'http'}://${exchange.authority ?? 'localhost'}${exchange.target}`;
  }
  header(name: string): string | undefined {
    return this.exchange.header(name);
  }
  param(name: string): string | undefined {
    const index = this.paramNames.indexOf(name);
    return index === -1 ? undefined : this.paramValues[index];
  }
  query(name: string): string | undefined {
    return queryParam(this.exchange.target, name);
  }
  /** Whether `raw` was built: its body stream then owns the request body. */
  get rawBuilt(): boolean {
    return this.webRequest !== undefined;
  }
  get raw(): Request {
    return (this.webRequest ??= this.exchange.webRequest(this.owner.signal, this.owner.bodyText));
  }
}
