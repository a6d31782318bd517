import type { HttpRequest } from '../../contract/argument-source.js';
import type { HostExchange } from './host-exchange.js';
import { queryParam } from './query-string.js';

export interface RequestOwner {
  readonly signal: AbortSignal;
  /** The body's text once read: `raw` then carries it. */
  readonly bodyText?: string;
}

/** The request of a call as `@Req()` sees it, read from the port; `raw` is built on first read only. */
export class PipelineRequest implements HttpRequest {
  private webRequest?: Request;

  constructor(
    private readonly exchange: HostExchange,
    readonly path: string,
    private readonly paramNames: readonly string[],
    private readonly paramValues: readonly string[],
    private readonly owner: RequestOwner,
  ) {}

  get method(): string {
    return this.exchange.method;
  }
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
