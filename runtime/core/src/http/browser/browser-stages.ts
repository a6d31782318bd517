import type { HttpRouteEntry } from '../../contract/tables.js';
import type { CorsOptions } from '../../cors/cors-options.js';
import type { PipelineExtensions } from '../pipeline/extension-points.js';
import { registerCors, routePolicies } from './cors-stage.js';
import type { SecurityHeadersSetting } from './security-headers.js';
import { registerSecurityHeaders } from './security-stage.js';

/** What the browser stages read from the application's options. */
export interface BrowserOptions {
  /** The application's CORS settings (the `cors` option, else `CorsModule.forRoot`'s); undefined: off unless a route's `@Cors` names origins. */
  readonly cors?: CorsOptions;
  /** Security headers: on unless `false`. */
  readonly securityHeaders?: SecurityHeadersSetting;
}

/**
 * Prepares CORS and the security headers once, at `init`, and registers them on the HTTP
 * pipeline's extension points; a configuration mistake throws here, failing the start.
 *
 * @example
 * registerBrowserStages(http.pipeline, tables.routes, { cors: options.cors, securityHeaders: options.securityHeaders });
 */
export function registerBrowserStages(pipeline: PipelineExtensions, routes: readonly HttpRouteEntry[], options: BrowserOptions): void {
  registerSecurityHeaders(pipeline, options.securityHeaders);
  registerCors(pipeline, routePolicies(options.cors, routes), routes);
}
