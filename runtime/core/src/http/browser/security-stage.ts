import type { PipelineExtensions } from '../pipeline/extension-points.js';
import { prepareSecurityHeaders, type SecurityHeadersSetting } from './security-headers.js';

/**
 * Registers the security headers on the pipeline's per-route headers, prepared once: those of
 * every answer as fixed, those that govern a page as document headers (left off the JSON and
 * plain-text bodies the framework writes), HSTS added only when the exchange came over TLS. A
 * route's own headers (the call's, or a returned `Response`'s) win. Nothing when `false`.
 *
 * @example
 * registerSecurityHeaders(http.pipeline, options.securityHeaders);
 */
export function registerSecurityHeaders(pipeline: PipelineExtensions, setting: SecurityHeadersSetting | undefined): void {
  const { every, document, overTls } = prepareSecurityHeaders(setting);
  const tls = Object.keys(overTls).length > 0 ? overTls : undefined;
  if (Object.keys(every).length === 0 && Object.keys(document).length === 0 && tls === undefined) return;
  const headers = Object.freeze({ fixed: every, document, ...(tls && { perRequest: (exchange: { readonly secure: boolean }) => (exchange.secure ? tls : undefined) }) });
  pipeline.addRouteHeaders(() => headers);
}
