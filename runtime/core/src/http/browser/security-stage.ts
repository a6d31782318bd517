import type { PipelineExtensions } from '../pipeline/extension-points.js';
import { prepareSecurityHeaders, type SecurityHeadersSetting } from './security-headers.js';

/**
 * Registers the security headers on the pipeline's per-route headers: the same frozen record on
 * every answer (the table's own answers included), HSTS added only when the exchange came over
 * TLS. A route's own headers (the call's, or a returned `Response`'s) win. Nothing when `false`.
 *
 * @example
 * registerSecurityHeaders(http.pipeline, options.securityHeaders);
 */
export function registerSecurityHeaders(pipeline: PipelineExtensions, setting: SecurityHeadersSetting | undefined): void {
  const security = prepareSecurityHeaders(setting);
  const fixed = security.plain;
  if (Object.keys(security.overTls).length === 0) return;
  const hsts = security.overTls['strict-transport-security'];
  const overTls = hsts === undefined ? undefined : Object.freeze({ 'strict-transport-security': hsts });
  const headers = Object.freeze({ fixed, ...(overTls && { perRequest: (exchange: { readonly secure: boolean }) => (exchange.secure ? overTls : undefined) }) });
  pipeline.addRouteHeaders(() => headers);
}
