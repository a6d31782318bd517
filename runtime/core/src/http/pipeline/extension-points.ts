// The pipeline's extension points (docs/http-pipeline.md), read once when the pipeline is built.
import type { HttpRoute } from '../http-route.js';
import type { AnswerHeaders, HostExchange } from './host-exchange.js';

/** (a) A stage before routing for paths at or under `prefix`: answers and resolves `true`, or `false` to go on. */
export interface PrefixResponder {
  /** A normalised path without a trailing slash (`/assets`); `/` sees every request. */
  readonly prefix: string;
  /** `rest` is the normalised path after the prefix (`/css/site.css`; `''` for the prefix itself). */
  answer(exchange: HostExchange, rest: string): boolean | Promise<boolean>;
}

/** (b) Answers a CORS preflight to a path without an OPTIONS route (`allowed`: its methods); false leaves the table's 204. */
export type PreflightHook = (exchange: HostExchange, allowed: readonly string[]) => boolean;

/** (c) A route's response headers, prepared at init, under the call's own; `route` undefined for answers without a route. */
export type RouteHeaderSource = (route: HttpRoute | undefined) => RouteHeaders | undefined;

/** What a `RouteHeaderSource` adds to the answers of one route. */
export interface RouteHeaders {
  /** The same on every answer, merged once at init. */
  readonly fixed?: AnswerHeaders;
  /** The same on every answer a browser may render as a page, left off the framework's JSON and text bodies (a CSP). */
  readonly document?: AnswerHeaders;
  /** Read per answer, from the request (an allowed `Origin`). */
  readonly perRequest?: (exchange: HostExchange) => AnswerHeaders | undefined;
}

/**
 * The extension points capabilities fill before `init` (`transport.pipeline`).
 *
 * @example
 * http.pipeline.addPrefix({ prefix: '/assets', answer: serveFrom(dir) });
 * http.pipeline.addRouteHeaders(() => ({ fixed: { 'x-frame-options': 'SAMEORIGIN' } }));
 */
export class PipelineExtensions {
  readonly prefixes: PrefixResponder[] = [];
  readonly routeHeaders: RouteHeaderSource[] = [];
  preflight: PreflightHook | undefined;

  /** (a) Adds a prefix responder; the longest matching prefix answers first. */
  addPrefix(responder: PrefixResponder): void {
    this.prefixes.push(responder);
    this.prefixes.sort((a, b) => b.prefix.length - a.prefix.length);
  }
  /** (b) Sets the preflight hook (one: CORS). */
  setPreflight(hook: PreflightHook): void {
    this.preflight = hook;
  }
  /** (c) Later sources win over earlier ones. */
  addRouteHeaders(source: RouteHeaderSource): void {
    this.routeHeaders.push(source);
  }
}
