import type { TlsOptions } from '../listen-options.js';

/**
 * Refuses `app.listen({ tls })` on a runtime whose adapter does not serve TLS yet (Deno, Bun),
 * with what to do instead; nothing on Node.
 *
 * @example
 * refuseTlsWithoutSupport(tls); // throws on Deno and Bun when tls is given
 */
export function refuseTlsWithoutSupport(tls: TlsOptions | undefined): void {
  if (tls === undefined || !('Deno' in globalThis || 'Bun' in globalThis)) return;
  throw new Error(
    "app.listen({ tls }) serves HTTPS on Node only for now; on Deno or Bun, terminate TLS in front of the app (a proxy) or host app.fetch with the runtime's own TLS options.",
  );
}
