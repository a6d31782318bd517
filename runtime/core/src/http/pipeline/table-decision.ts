import { MethodNotAllowedException } from '../../exceptions/built-in.js';
import { CompiledRouter } from '../compiled-router.js';
import { ALL_METHODS } from '../http-route.js';
import type { PreflightHook, RouteHeaderSource } from './extension-points.js';
import { routeHeadersOf } from './route-headers.js';
import type { HostExchange } from './host-exchange.js';

/** The order methods are listed in `Allow`. */
const ALLOW_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Which methods the table serves at a path: one router per method, asked only for a request no
 * route matched. Built once at init from the routes (an `@All()` route under every method).
 *
 * @example
 * const table = new MethodTable([{ method: 'GET', path: '/todo/:id' }, { method: 'DELETE', path: '/todo/:id' }]);
 * table.allowed('/todo/42'); // ['GET', 'HEAD', 'DELETE', 'OPTIONS']
 */
export class MethodTable {
  private readonly routers = new Map<string, CompiledRouter<true>>();

  constructor(routes: Iterable<{ readonly method: string; readonly path: string }>) {
    for (const { method, path } of routes) {
      for (const one of method === 'ALL' ? ALL_METHODS : [method]) {
        let router = this.routers.get(one);
        if (!router) this.routers.set(one, (router = new CompiledRouter<true>()));
        router.add(one, path, true);
      }
    }
  }

  /** Whether the table-decided stage answers `method` at `path` (a 405, or OPTIONS), rather than a route or the 404. */
  decides(method: string, path: string): boolean {
    const allowed = this.allowed(path);
    return allowed.length > 0 && (method === 'OPTIONS' || !allowed.includes(method));
  }

  /** The methods served at `path` (routed form: no trailing slash), in `Allow` order; empty when none. */
  allowed(path: string): string[] {
    const found = new Set<string>();
    for (const [method, router] of this.routers) if (router.match(method, path)) found.add(method);
    if (found.size === 0) return [];
    if (found.has('GET')) found.add('HEAD');
    found.add('OPTIONS');
    return ALLOW_ORDER.filter((method) => found.has(method));
  }
}

const methodNotAllowed = JSON.stringify(new MethodNotAllowedException().toJSON());
const methodNotAllowedLength = new TextEncoder().encode(methodNotAllowed).byteLength;

/**
 * The table-decided stage, for a request no route matched: a path served under other methods is
 * answered here, the same on every host. `OPTIONS` (no route declares it) is a 204 with `Allow`,
 * unless the preflight hook (CORS) answers a preflight; any other method is a 405 with `Allow`.
 * Returns false when the table does not know the path (the 404 is the caller's) or the method is
 * HEAD on a path with a GET route (HEAD is GET without the body).
 *
 * @example
 * const decide = tableDecision(new MethodTable(routes), extensions.preflight);
 * if (!decide(exchange, '/todo/42', headers)) notFound(exchange);
 */
export function tableDecision(
  table: MethodTable,
  preflight: PreflightHook | undefined,
  routeHeaders: readonly RouteHeaderSource[] = [],
): (exchange: HostExchange, path: string, headers: Record<string, string> | undefined) => boolean {
  // The route header sources' headers of answers without a route (extension point c).
  const startHeaders = routeHeadersOf(routeHeaders, undefined);
  return (exchange, path, given) => {
    const headers = startHeaders ? { ...startHeaders(exchange), ...given } : given;
    const { method } = exchange;
    if (!table.decides(method, path)) return false;
    const allowed = table.allowed(path);
    const allow = allowed.join(', ');
    if (method === 'OPTIONS') {
      if (preflight && exchange.header('access-control-request-method') !== undefined && preflight(exchange, allowed)) return true;
      exchange.send(204, { ...headers, allow }, undefined);
      return true;
    }
    exchange.send(405, { ...headers, allow, 'content-type': 'application/json', 'content-length': methodNotAllowedLength }, methodNotAllowed);
    return true;
  };
}
