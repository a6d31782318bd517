import type { StaticRoute } from '../contract/static-route.js';
import type { HttpRouteEntry } from '../contract/tables.js';
import type { HealthState } from './application-health.js';
import type { HealthConfig } from './health-config.js';
import type { HealthReport } from './indicator.js';

// Probes are answered fresh each time: a proxy or client cache must never answer one.
const HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' };

function answer(report: HealthReport): Response {
  return new Response(JSON.stringify(report), { status: report.status === 'up' ? 200 : 503, headers: HEADERS });
}

/**
 * The HTTP probes of `HealthModule`: GET (and HEAD) on the liveness and readiness paths, served
 * outside the request chain (no guard, throttler or interceptor runs on a probe), answering the
 * `HealthReport` as JSON with 200 when `up` and 503 when `down`. Throws when one of the
 * application's own GET routes already matches the path (`/health/ready`, `/health/:name`,
 * `/health/*`), so a probe never hides a route or the reverse.
 *
 * @example
 * healthRoutes(config, app.health, tables.routes) // [{ path: '/health/live', … }, { path: '/health/ready', … }]
 */
export function healthRoutes(config: HealthConfig, health: HealthState, routes: readonly HttpRouteEntry[]): StaticRoute[] {
  const probes: StaticRoute[] = [];
  if (config.livePath !== undefined) probes.push({ path: config.livePath, respond: () => answer(health.liveness()) });
  if (config.readyPath !== undefined) probes.push({ path: config.readyPath, respond: () => health.readiness().then(answer) });
  for (const probe of probes) {
    const taken = routes.find((route) => (route.method === 'GET' || route.method === 'ALL') && patternMatches(route.path, probe.path));
    if (taken) {
      throw new TypeError(
        `HealthModule: the probe path ${probe.path} is already served by ${taken.name} (GET ${taken.path}, ${taken.source}); ` +
          'choose other paths with HealthModule.forRoot({ paths: { live, ready } }), or move the route.',
      );
    }
  }
  return probes;
}

/**
 * Whether a route pattern would take a request for `path`: `:name` (optional with `?`, whatever
 * its constraint) takes any one segment, `*` the rest. The router ignores one trailing slash.
 */
function patternMatches(pattern: string, path: string): boolean {
  // Most routes are told apart by their first segment, without splitting either (every start runs
  // this for each probe and GET route).
  if (firstLiteralSegmentDiffers(pattern, path)) return false;
  const wanted = path.split('/').filter(Boolean);
  const parts = pattern.split('/').filter(Boolean);
  const match = (p: number, w: number): boolean => {
    if (p === parts.length) return w === wanted.length;
    const part = parts[p]!;
    if (part === '*') return true;
    if (part.startsWith(':') && part.endsWith('?') && match(p + 1, w)) return true;
    if (w === wanted.length) return false;
    return (part.startsWith(':') || part === wanted[w]) && match(p + 1, w + 1);
  };
  return match(0, 0);
}

/** Whether `pattern` starts with a literal segment (not `:name`, not `*`) other than the first segment of `path`. */
function firstLiteralSegmentDiffers(pattern: string, path: string): boolean {
  const p = firstSegmentStart(pattern);
  if (p === pattern.length || pattern[p] === ':' || pattern[p] === '*') return false;
  const w = firstSegmentStart(path);
  const pEnd = segmentEnd(pattern, p);
  if (segmentEnd(path, w) - w !== pEnd - p) return true;
  for (let i = 0; i < pEnd - p; i++) if (pattern.charCodeAt(p + i) !== path.charCodeAt(w + i)) return true;
  return false;
}

const SLASH = 47;
const firstSegmentStart = (text: string): number => {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) === SLASH) i++;
  return i;
};
const segmentEnd = (text: string, from: number): number => {
  const slash = text.indexOf('/', from);
  return slash === -1 ? text.length : slash;
};
