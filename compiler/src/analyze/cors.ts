import { where } from '../diagnostics/location.js';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { RouteModel } from './model.js';

/**
 * FW2605: a route whose `@Cors` (class and handler merged) allows credentials with `origins: '*'`,
 * reported once at the most specific `@Cors` that makes it (a class's, for all its routes, once).
 * The application's own `cors` option is checked at start-up, where its value is known.
 *
 * @example
 * checkCors(routes) // [FW2605 "@Cors on AdminController allows credentials from every origin …"]
 */
export function checkCors(srcDir: string, routes: readonly RouteModel[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const reported = new Set<string>();
  for (const route of routes) {
    const cors = route.cors;
    if (!cors || cors.value === false || cors.value.credentials !== true || !wildcard(cors.value.origins)) continue;
    const at = where(srcDir, cors.location);
    if (reported.has(at)) continue;
    reported.add(at);
    out.push(diagnostic('FW2605', cors.location, { owner: route.name }));
  }
  return out;
}

function wildcard(origins: unknown): boolean {
  return origins === '*' || (Array.isArray(origins) && origins.includes('*'));
}
