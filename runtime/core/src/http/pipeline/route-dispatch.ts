import type { StaticRoute } from '../../contract/static-route.js';
import type { CallObservation } from '../../telemetry/call-observation.js';
import type { ObservedRoute } from '../../telemetry/http-route-telemetry.js';
import type { ErrorReport } from '../answer-rules.js';
import type { ServedHttp } from '../served-http.js';
import { CompiledRouter } from '../compiled-router.js';
import { ALL_METHODS, type HttpRoute } from '../http-route.js';
import { byVersion } from '../versioning/version-rule.js';
import { mountOf } from '../files/web-file-answer.js';
import { sendError } from './answer-stage.js';
import type { PrefixResponder } from './extension-points.js';
import type { AnswerHeaders, HostExchange } from './host-exchange.js';
import { parameterValue } from './request-path.js';
import { routeHeadersOf } from './route-headers.js';
import { tableDecision } from './table-decision.js';
import { beginObservation } from './observed-stage.js';

/**
 * Serves one request from the host's own two objects (Node's request and response; a Web `Request`
 * and the bindings): a matched route on Node allocates nothing here, `exchangeOf` makes the port.
 */
export type HostHandler<A, B> = (a: A, b: B, path: string, values: readonly string[], observation?: CallObservation) => void;

/** What an adapter gives the dispatch: reads of its objects, and the handlers only it can make. */
export interface HostDispatch<A, B> {
  exchangeOf(a: A, b: B): HostExchange;
  method(a: A, b: B): string;
  /** A route's stages over this host (`routeStage`, `eventStreamStage`, a `@Ws()` route's). */
  routeHandler(route: HttpRoute): HostHandler<A, B>;
  /** A static route's handler of the host's own (else the portable one: a Web `Request` in, a `Response` out). */
  staticHandler?(route: StaticRoute, portable: HostHandler<A, B>, headers: ((exchange: HostExchange) => AnswerHeaders) | undefined): HostHandler<A, B>;
}

export type DispatchTable = Pick<ServedHttp, 'routes' | 'staticRoutes' | 'extensions' | 'report' | 'telemetryOf'>;

const NOT_FOUND = JSON.stringify({ status: 404, name: 'NotFoundException', message: 'Not found' });

/**
 * The pipeline's routing, once for every host: the prefix stage, the router (routes, then static
 * routes), HEAD by a `@Head()` route or else the GET one, and what the table decides (405,
 * OPTIONS, 404). `path` is the routed one, normalised by the adapter.
 */
export function routeDispatch<A, B>(table: DispatchTable, host: HostDispatch<A, B>): (a: A, b: B, path: string) => void {
  const { extensions, report } = table;
  const startHeaders = routeHeadersOf(extensions.routeHeaders, undefined);
  const observed = (route: ObservedRoute | undefined, handler: HostHandler<A, B>): HostHandler<A, B> => {
    const telemetry = table.telemetryOf(route);
    if (!telemetry) return handler;
    return (a, b, path, values) => {
      const observation = beginObservation(telemetry, host.exchangeOf(a, b), path);
      observation.run(() => handler(a, b, path, values, observation));
    };
  };

  const notFound: HostHandler<A, B> = (a, b) => {
    const exchange = host.exchangeOf(a, b);
    exchange.send(404, { ...startHeaders?.(exchange), 'content-type': 'application/json', 'content-length': NOT_FOUND.length }, NOT_FOUND);
  };
  // Observed too (a flood of unknown paths is worth seeing); answered after the host's parser is
  // done with the bytes at hand, so a malformed body behind the head is its 400 on every host.
  const unrouted = observed(undefined, (a, b, path, values) =>
    void Promise.resolve().then(() => decide(host.exchangeOf(a, b), path, undefined) || notFound(a, b, path, values)),
  );

  const router = new CompiledRouter<HostHandler<A, B>>();
  const pairs = table.routes.map((route) => ({ route, handler: host.routeHandler(route) }));
  // Routes of one path told apart by a version header: one handler picks, or answers 404.
  for (const { route, handler } of byVersion(pairs, (name, a: A, b: B) => host.exchangeOf(a, b).header(name), notFound)) {
    const { entry } = route;
    for (const method of entry.method === 'ALL' ? ALL_METHODS : [entry.method]) router.add(method, entry.path, handler);
  }
  // `serveStatic` mounts in a router asked last: a POST under a mount at `/` is a 404, not a 405.
  const files = new CompiledRouter<HostHandler<A, B>>();
  for (const route of table.staticRoutes) {
    const portable = staticRoute(route, host, startHeaders, report);
    const handler = observed({ method: 'GET', path: route.path }, host.staticHandler?.(route, portable, startHeaders) ?? portable);
    (mountOf(route) ? files : router).add('GET', route.path, handler);
  }
  const decide = tableDecision(router, extensions.preflight, extensions.routeHeaders, files);

  const routed = (a: A, b: B, path: string): void => {
    const method = host.method(a, b);
    const read = method === 'GET' || method === 'HEAD';
    const match = router.match(method, path) ?? (method === 'HEAD' ? router.match('GET', path) : undefined) ?? (read ? files.match('GET', path) : undefined);
    if (match === undefined) return unrouted(a, b, path, []);
    match.handler(a, b, path, decoded(match.values));
  };
  const { prefixes } = extensions;
  if (prefixes.length === 0) return routed;
  return (a, b, path) => {
    const exchange = host.exchangeOf(a, b);
    answerByPrefix(prefixes, exchange, path).then(
      (answered) => answered || routed(a, b, path),
      (error: unknown) => sendError(exchange, error, 'the HTTP adapter', report, { path, observation: undefined }, startHeaders?.(exchange)),
    );
  };
}

/** The parameters' values decoded; the router's own array when none has an escape. */
function decoded(values: readonly string[]): readonly string[] {
  for (const value of values) if (value?.includes('%')) return values.map((one) => one && parameterValue(one));
  return values;
}

/** A static route over the port: a Web `Request` in, its `Response` out. */
function staticRoute<A, B>(
  route: StaticRoute,
  host: HostDispatch<A, B>,
  startHeaders: ((exchange: HostExchange) => AnswerHeaders) | undefined,
  report: ErrorReport,
): HostHandler<A, B> {
  return (a, b, path) => {
    const exchange = host.exchangeOf(a, b);
    const headers = startHeaders?.(exchange);
    Promise.resolve()
      .then(() => route.respond(exchange.webRequest(new AbortController().signal, undefined)))
      .then((response) => exchange.sendResponse(response, headers))
      .catch((error: unknown) => sendError(exchange, error, 'the HTTP adapter', report, { path, observation: undefined }, headers));
  };
}

/** The stage before routing: the responders whose prefix the path is at or under, longest first, until one answers. */
async function answerByPrefix(prefixes: readonly PrefixResponder[], exchange: HostExchange, path: string): Promise<boolean> {
  for (const responder of prefixes) {
    const { prefix } = responder;
    const rest = prefix === '/' ? path : path === prefix ? '' : path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47 ? path.slice(prefix.length) : undefined;
    if (rest !== undefined && (await responder.answer(exchange, rest))) return true;
  }
  return false;
}
