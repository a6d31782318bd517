import type { StaticRoute } from '../docs/docs-page.js';
import type { HttpRouteEntry } from '../tables.js';
import type { ApplicationHealth } from './application-health.js';
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
 * application's own GET routes already has the path, so a probe never hides a route or the reverse.
 *
 * @example
 * healthRoutes(config, app.health, tables.routes) // [{ path: '/health/live', … }, { path: '/health/ready', … }]
 */
export function healthRoutes(config: HealthConfig, health: ApplicationHealth, routes: readonly HttpRouteEntry[]): StaticRoute[] {
  const probes: StaticRoute[] = [];
  if (config.livePath !== undefined) probes.push({ path: config.livePath, respond: () => answer(health.liveness()) });
  if (config.readyPath !== undefined) probes.push({ path: config.readyPath, respond: () => health.readiness().then(answer) });
  for (const probe of probes) {
    const taken = routes.find((route) => (route.method === 'GET' || route.method === 'ALL') && samePath(route.path, probe.path));
    if (taken) {
      throw new TypeError(
        `HealthModule: the probe path ${probe.path} is already the route of ${taken.name} (${taken.source}); ` +
          'choose other paths with HealthModule.forRoot({ paths: { live, ready } }), or move the route.',
      );
    }
  }
  return probes;
}

// The router ignores one trailing slash (`strict: false`).
function samePath(a: string, b: string): boolean {
  return a.replace(/\/$/, '') === b.replace(/\/$/, '');
}
