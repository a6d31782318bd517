import { MethodNotAllowedException } from '../../exceptions/built-in.js';
import type { CompiledRouter } from '../compiled-router.js';
import type { PreflightHook, RouteHeaderSource } from './extension-points.js';
import { routeHeadersOf } from './route-headers.js';
import type { HostExchange } from './host-exchange.js';

/** The order methods are listed in `Allow`. */
const ALLOW_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The methods the router serves at `path`, in `Allow` order, HEAD where GET is, and OPTIONS; empty when none. */
export function allowedMethods(router: CompiledRouter<unknown>, path: string): string[] {
  const found = new Set(router.methodsAt(path));
  if (found.size === 0) return [];
  if (found.has('GET')) found.add('HEAD');
  found.add('OPTIONS');
  return ALLOW_ORDER.filter((method) => found.has(method));
}

const methodNotAllowed = JSON.stringify(new MethodNotAllowedException().toJSON());
const methodNotAllowedLength = new TextEncoder().encode(methodNotAllowed).byteLength;

/** For a path served under other methods: OPTIONS a 204 (unless the preflight hook answers), else a 405, both with `Allow`; false for an unknown path. */
export function tableDecision(
  router: CompiledRouter<unknown>,
  preflight: PreflightHook | undefined,
  routeHeaders: readonly RouteHeaderSource[] = [],
): (exchange: HostExchange, path: string, headers: Record<string, string> | undefined) => boolean {
  const startHeaders = routeHeadersOf(routeHeaders, undefined);
  return (exchange, path, given) => {
    const { method } = exchange;
    const allowed = allowedMethods(router, path);
    if (allowed.length === 0 || (method !== 'OPTIONS' && allowed.includes(method))) return false;
    const headers = startHeaders ? { ...startHeaders(exchange), ...given } : given;
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
