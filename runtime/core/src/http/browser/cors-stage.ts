import type { HttpRouteEntry } from '../../contract/tables.js';
import type { RouteCors } from '../../contract/route-cors.js';
import type { CorsOptions } from '../../cors/cors-options.js';
import { prepareCors, type CorsPolicy, type PreflightAnswer } from '../../cors/cors-policy.js';
import { pathOfTarget } from '../pipeline/request-path.js';
import { CompiledRouter } from '../compiled-router.js';
import { ALL_METHODS } from '../http-route.js';
import type { PipelineExtensions, PreflightHook, RouteHeaderSource } from '../pipeline/extension-points.js';
import type { AnswerHeaders } from '../pipeline/host-exchange.js';

/**
 * The CORS policy of each route, prepared at `init`: the application's settings with the route's
 * `@Cors(...)` fields over them; `undefined` where CORS is off (no settings, or `@Cors(false)`).
 * A route that names no origins while the application has none is a start-up error.
 *
 * @example
 * const policies = routePolicies(appCors, tables.routes);
 * policies.of(route.entry)?.corsHeadersFor(origin);
 */
export function routePolicies(app: CorsOptions | undefined, routes: readonly HttpRouteEntry[]): RoutePolicies {
  const appPolicy = app && prepareCors(app);
  const byEntry = new Map<HttpRouteEntry, CorsPolicy | undefined>();
  // One policy per distinct override: routes of one `@Cors` controller share it.
  const byOverride = new Map<string, CorsPolicy | undefined>();
  for (const entry of routes) {
    if (entry.cors === undefined) {
      byEntry.set(entry, appPolicy);
      continue;
    }
    const key = overrideKey(entry.cors);
    if (!byOverride.has(key)) byOverride.set(key, policyOf(app, entry.cors, entry));
    byEntry.set(entry, byOverride.get(key));
  }
  return { app: appPolicy, of: (entry) => (entry ? byEntry.get(entry) : appPolicy), any: appPolicy !== undefined || [...byEntry.values()].some(Boolean) };
}

/** The policies `routePolicies` prepared. */
export interface RoutePolicies {
  readonly app: CorsPolicy | undefined;
  /** A route's policy; the application's for `undefined` (the answers the table decides). */
  of(entry: HttpRouteEntry | undefined): CorsPolicy | undefined;
  /** Whether any route answers CORS at all (else nothing is registered). */
  readonly any: boolean;
}

function policyOf(app: CorsOptions | undefined, override: RouteCors, entry: HttpRouteEntry): CorsPolicy | undefined {
  if (override === false) return undefined;
  const merged = { ...app, ...override } as Partial<CorsOptions>;
  if (merged.origins === undefined) {
    throw new TypeError(`@Cors on ${entry.name} (${entry.source}) names no origins and the application has no cors settings: add origins to @Cors, or give the application's cors option.`);
  }
  try {
    return prepareCors(merged as CorsOptions);
  } catch (error) {
    throw new TypeError(`@Cors on ${entry.name} (${entry.source}): ${(error as Error).message}`);
  }
}

function overrideKey(override: RouteCors): string {
  return JSON.stringify(override, (_key, value: unknown) => (value instanceof RegExp ? `/${value.source}/${value.flags}` : value));
}

/**
 * Registers CORS on the pipeline's extension points: the preflight hook (the route of the
 * requested method decides the policy; a path without routes never reaches it: the table answers
 * 404) and per-route headers (`Access-Control-Allow-Origin` for an allowed origin, `Vary: Origin`).
 * Registers nothing when no route answers CORS.
 *
 * @example
 * registerCors(http.pipeline, routePolicies(options.cors, tables.routes), tables.routes);
 */
export function registerCors(pipeline: PipelineExtensions, policies: RoutePolicies, routes: readonly HttpRouteEntry[]): void {
  if (!policies.any) return;
  pipeline.setPreflight(preflightHook(policies, routes));
  pipeline.addRouteHeaders(corsHeaders(policies));
}

function corsHeaders(policies: RoutePolicies): RouteHeaderSource {
  return (route) => {
    const policy = policies.of(route?.entry);
    if (!policy) return undefined;
    return { perRequest: (exchange) => policy.corsHeadersFor(exchange.header('origin')) };
  };
}

/** Where a preflight's answer comes from: the policy of the route its requested method reaches. */
function preflightHook(policies: RoutePolicies, routes: readonly HttpRouteEntry[]): PreflightHook {
  const router = new CompiledRouter<CorsPolicy | null>();
  for (const entry of routes) {
    for (const method of entry.method === 'ALL' ? ALL_METHODS : [entry.method]) router.add(method, entry.path, policies.of(entry) ?? null);
  }
  return (exchange, allowed) => {
    const requested = exchange.header('access-control-request-method');
    const found = requested !== undefined ? router.match(requested, pathOfTarget(exchange.target)) : undefined;
    // No route for the requested method: the application's policy refuses it (not among `allowed`), or no CORS at all.
    const policy = found ? found.handler : policies.app;
    const answer = policy ? policy.preflight(exchange.header('origin'), requested, exchange.header('access-control-request-headers'), allowed) : NO_CORS;
    exchange.send(answer.status, headersOf(answer), answer.reason);
    return true;
  };
}

const NO_CORS: PreflightAnswer = Object.freeze({ status: 403, headers: Object.freeze({}), reason: 'Cross-origin requests are not allowed here.' });

/** A refusal's headers with those of its one-line body, made once per (shared, frozen) refusal. */
const withBody = new WeakMap<PreflightAnswer, AnswerHeaders>();

/** The head of a preflight's answer: an allowed one's headers as they are (no host changes them), a refusal's with its body's. */
function headersOf(answer: PreflightAnswer): AnswerHeaders {
  const body = answer.reason;
  if (body === undefined) return answer.headers;
  let headers = withBody.get(answer);
  if (headers === undefined) {
    headers = Object.freeze({ ...answer.headers, 'content-type': 'text/plain; charset=utf-8', 'content-length': body.length });
    if (Object.isFrozen(answer)) withBody.set(answer, headers);
  }
  return headers;
}

