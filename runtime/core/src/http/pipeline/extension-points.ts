// The pipeline's extension points (docs/http-pipeline.md): where capabilities outside the route
// table plug in, host-neutral. The stages read them once, when the pipeline is built.
import type { HttpRoute } from '../http-route.js';
import type { AnswerHeaders, HostExchange } from './host-exchange.js';

/**
 * (a) A stage before routing that may answer requests whose normalised path is `prefix` or under
 * it (`app.serveStatic`): it answers through the exchange and resolves `true`, or `false` to go on.
 *
 * @example
 * const files: PrefixResponder = { prefix: '/assets', answer: (exchange, rest) => serveFile(exchange, dir, rest) };
 */
export interface PrefixResponder {
  /** A normalised path without a trailing slash (`/assets`); `/` sees every request. */
  readonly prefix: string;
  /** `rest` is the normalised path after the prefix (`/css/site.css`; `''` for the prefix itself). */
  answer(exchange: HostExchange, rest: string): boolean | Promise<boolean>;
}

/**
 * (b) Answers a CORS preflight to a path that has routes but none for OPTIONS: `allowed` lists the
 * path's methods. True when it answered; false leaves the table's answer (204 with `Allow`).
 *
 * @example
 * const preflight: PreflightHook = (exchange, allowed) => { exchange.send(204, corsHead(exchange, allowed), undefined); return true; };
 */
export type PreflightHook = (exchange: HostExchange, allowed: readonly string[]) => boolean;

/**
 * (c) Response headers of a route, prepared at `init` (security headers, `@SetHeader`, CORS
 * `Vary`), under the call's own headers on every answer of the route; `route` is undefined for the
 * answers the table decides and those of prefix responders.
 *
 * @example
 * const security: RouteHeaderSource = () => ({ fixed: { 'x-content-type-options': 'nosniff' } });
 * const cors: RouteHeaderSource = () => ({ perRequest: (exchange) => allowOrigin(exchange.header('origin')) });
 */
export type RouteHeaderSource = (route: HttpRoute | undefined) => RouteHeaders | undefined;

/** What a `RouteHeaderSource` adds to the answers of one route. */
export interface RouteHeaders {
  /** The same on every answer, merged once at init. */
  readonly fixed?: AnswerHeaders;
  /** The same on every answer a browser may render as a page, left off the framework's JSON and text bodies (a CSP). */
  readonly document?: AnswerHeaders;
  /** Read per answer, from the request (an allowed `Origin`); undefined adds nothing. */
  readonly perRequest?: (exchange: HostExchange) => AnswerHeaders | undefined;
}

/**
 * The extension points an application's capabilities filled, collected before `init` on the HTTP
 * transport (`transport.pipeline`).
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
  /** (c) Adds a source of per-route headers; later sources win over earlier ones. */
  addRouteHeaders(source: RouteHeaderSource): void {
    this.routeHeaders.push(source);
  }
}
