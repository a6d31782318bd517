import type { Attributes, Span, TextMapGetter } from '@opentelemetry/api';
import { CallObservation, type CallLogFacts, type RouteProfile } from './call-observation.js';
import type { Instruments } from './instruments.js';
import type { TelemetryCore } from './telemetry-core.js';
import { ATTR, conventionalMethod } from './semantic.js';

/**
 * What only the HTTP transport knows of a request, handed to `HttpRouteTelemetry.begin`. The
 * header getter serves trace propagation, the request id and the client address.
 */
export interface HttpRequestFacts {
  readonly method: string;
  /** `http` or `https`. */
  readonly scheme: string;
  readonly path: string;
  /** `1.1`, `2`; `undefined` when the server does not tell (a hosted `fetch`). */
  readonly protocolVersion: string | undefined;
  /** The connection's peer address (before proxy trust). */
  readonly remoteAddress: string;
  header(name: string): string | undefined;
  headers(): Record<string, string>;
}

/** What names an observed route: its method and path template (`GET`, `/todo/:id`). */
export interface ObservedRoute {
  readonly method: string;
  readonly path: string;
}

const headerGetter: TextMapGetter<HttpRequestFacts> = {
  get: (facts, key) => facts.header(key),
  keys: (facts) => Object.keys(facts.headers()),
};

/**
 * One HTTP route's telemetry, prepared at `init` from its table entry: the span name
 * `{METHOD} {route}`, the attribute sets of its spans and metrics (one per status, made on first
 * use and kept), so a request only fills in what is its own. Without a route it observes the
 * requests no route matched (404s): spans named `{METHOD}` with no `http.route`, as the HTTP
 * conventions ask, so a flood of unknown paths shows without one name per path.
 *
 * @example
 * const telemetry = observability.httpRoute({ method: 'GET', path: '/todo/:id' }); // undefined when nothing observes
 * const observation = telemetry?.begin(facts);
 */
export class HttpRouteTelemetry implements RouteProfile {
  readonly transport = 'http' as const;
  /** The route's method (conventional), `undefined` for unmatched requests. */
  private readonly method: string | undefined;
  readonly route: string | undefined;
  private readonly spanName: string | undefined;
  private readonly durationAttributes = new Map<string, Attributes>();
  private readonly activeAttributes = new Map<string, Attributes>();

  constructor(
    private readonly core: TelemetryCore,
    route: ObservedRoute | undefined,
  ) {
    this.method = route && conventionalMethod(route.method);
    this.route = route?.path;
    this.spanName = route && `${route.method} ${route.path}`;
  }

  /** Starts observing one request: its request id, its span in the caller's trace, its active count. */
  begin(facts: HttpRequestFacts): CallObservation {
    const core = this.core;
    const trusted = core.trusted !== undefined && core.trusted.contains(facts.remoteAddress);
    const requestId = core.requestId(trusted ? facts.header('x-request-id') : undefined);
    const client = core.clientAddress(facts.remoteAddress, facts);
    const method = this.method === facts.method ? this.method : conventionalMethod(facts.method);
    const userAgent = facts.header('user-agent');
    let span: Span | undefined;
    let spanContext;
    if (core.tracer !== undefined) {
      const api = core.api!;
      const parent = api.propagation.extract(api.ROOT_CONTEXT, facts, headerGetter);
      const attributes: Attributes = {
        [ATTR.httpMethod]: method,
        [ATTR.urlScheme]: facts.scheme,
        [ATTR.urlPath]: facts.path,
        [ATTR.clientAddress]: client,
        [ATTR.requestId]: requestId,
      };
      if (this.route !== undefined) attributes[ATTR.httpRoute] = this.route;
      if (method === '_OTHER') attributes[ATTR.httpMethodOriginal] = facts.method;
      if (facts.protocolVersion !== undefined) attributes[ATTR.protocolVersion] = facts.protocolVersion;
      if (userAgent !== undefined) attributes[ATTR.userAgent] = userAgent;
      span = core.tracer.startSpan(this.spanNameOf(method), { kind: api.SpanKind.SERVER, attributes }, parent);
      spanContext = api.trace.setSpan(parent, span);
    }
    core.instruments?.httpActive.add(1, this.activeAttributesOf(method, facts.scheme));
    return new CallObservation(
      this,
      requestId,
      { method, path: facts.path, client, userAgent, scheme: facts.scheme, headers: () => facts.headers() },
      span,
      spanContext,
      core.instruments,
      core.log,
      core.api,
    );
  }

  /** `{METHOD} {route}`; `{METHOD}` alone without a route (`HTTP` for a method the conventions do not name). */
  private spanNameOf(method: string): string {
    if (this.method === method) return this.spanName!;
    const name = method === '_OTHER' ? 'HTTP' : method;
    return this.route === undefined ? name : `${name} ${this.route}`;
  }

  endSpan(span: Span, status: number, errorType: string | undefined): void {
    span.setAttribute(ATTR.httpStatus, status);
    if (errorType !== undefined) span.setAttribute(ATTR.errorType, errorType);
  }

  recordEnd(instruments: Instruments, status: number, seconds: number, errorType: string | undefined, facts: CallLogFacts): void {
    instruments.httpActive.add(-1, this.activeAttributesOf(facts.method, facts.scheme));
    instruments.httpDuration.record(seconds, this.durationAttributesOf(facts.method, status, errorType, facts.scheme));
  }

  isFault(status: number): boolean {
    return status >= 500;
  }

  /** The duration's attributes for one status, made once per (status, error type, scheme). */
  private durationAttributesOf(method: string, status: number, errorType: string | undefined, scheme: string): Attributes {
    const key = `${method} ${status} ${errorType ?? ''} ${scheme}`;
    let attributes = this.durationAttributes.get(key);
    if (attributes === undefined) {
      attributes = Object.freeze({
        [ATTR.httpMethod]: method,
        [ATTR.urlScheme]: scheme,
        ...(this.route === undefined ? {} : { [ATTR.httpRoute]: this.route }),
        [ATTR.httpStatus]: status,
        ...(errorType === undefined ? {} : { [ATTR.errorType]: errorType }),
      });
      // Bounded: error types are the exception class names, statuses a few hundred at most.
      if (this.durationAttributes.size < 256) this.durationAttributes.set(key, attributes);
    }
    return attributes;
  }

  private activeAttributesOf(method: string, scheme: string): Attributes {
    const key = `${method} ${scheme}`;
    let attributes = this.activeAttributes.get(key);
    if (attributes === undefined) {
      attributes = Object.freeze({ [ATTR.httpMethod]: method, [ATTR.urlScheme]: scheme });
      if (this.activeAttributes.size < 32) this.activeAttributes.set(key, attributes);
    }
    return attributes;
  }
}
