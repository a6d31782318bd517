import type { StaticRoute } from '../contract/static-route.js';
import type { Injector } from '../di/injector.js';
import type { HttpRouteEntry } from '../contract/tables.js';
import type { ApplicationHealth } from './application-health.js';
import { HealthConfig } from './health-config.js';
import { healthRoutes } from './health-routes.js';
import { isHealthIndicator, type HealthIndicator } from './indicator.js';

/**
 * At `init`, once the singletons exist: hands `HealthModule`'s indicators (its classes' instances,
 * then its objects) to the application's health state and returns the HTTP probes to serve. Without
 * `HealthModule` there is nothing to configure and no probe.
 *
 * @example
 * http.addStaticRoutes(setUpHealth(app.health, injector, tables.routes));
 */
export function setUpHealth(health: ApplicationHealth, injector: Injector, routes: readonly HttpRouteEntry[]): StaticRoute[] {
  if (!injector.has(HealthConfig)) return [];
  const config = injector.get<HealthConfig>(HealthConfig);
  const created = config.indicatorClasses.map((indicatorClass) => {
    const instance = injector.get<HealthIndicator>(indicatorClass);
    if (!isHealthIndicator(instance)) {
      throw new TypeError(`HealthModule: ${indicatorClass.name} is listed in indicators but is no health indicator: give it a string \`name\` and a \`check(signal)\` method.`);
    }
    return instance;
  });
  health.configure(config, [...created, ...config.instances]);
  return healthRoutes(config, health, routes);
}
