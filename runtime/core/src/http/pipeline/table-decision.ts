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

/** What an OPTIONS request under a `serveStatic` mount is told the path allows. */
const MOUNT_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/**
 * For a path served under other methods: OPTIONS a 204 (unless the preflight hook answers), else
 * a 405, both with `Allow`; false for an unknown path. Under a `serveStatic` mount (`mounts`) only
 * OPTIONS is answered, so that a page of another origin can be granted a file a preflight guards;
 * other methods there stay a 404.
 */
export function tableDecision(
  router: CompiledRouter<unknown>,
  preflight: PreflightHook | undefined,
  routeHeaders: readonly RouteHeaderSource[] = [],
  mounts?: CompiledRouter<unknown>,
): (exchange: HostExchange, path: string, headers: Record<string, string> | undefined) => boolean {
  const startHeaders = routeHeadersOf(routeHeaders, undefined);
  return (exchange, path, given) => {
    const { method } = exchange;
    let allowed: readonly string[] = allowedMethods(router, path);
    if (allowed.length === 0 && method === 'OPTIONS' && mounts?.match('GET', path)) allowed = MOUNT_METHODS;
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
