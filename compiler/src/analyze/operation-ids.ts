import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { where } from '../diagnostics/location.js';
import { methodsOf, operationIdOf } from '../emit/openapi/operations.js';
import type { RouteModel } from './model.js';

/**
 * FW2102 for each route whose operation id (the OpenAPI `operationId` and the typed client's
 * method, `todo.findOne`) another route has already: both would be one method of the client.
 *
 * @example
 * checkOperationIds(srcDir, routes) // [] when controller and handler names make every id unique
 */
export function checkOperationIds(srcDir: string, routes: readonly RouteModel[]): Diagnostic[] {
  const first = new Map<string, RouteModel>();
  const out: Diagnostic[] = [];
  for (const route of routes) {
    for (const method of methodsOf(route)) {
      const id = operationIdOf(route, method);
      const earlier = first.get(id);
      if (!earlier) first.set(id, route);
      else if (earlier !== route) {
        out.push(diagnostic('FW2102', route.location, { id, first: earlier.name, firstAt: where(srcDir, earlier.location), second: route.name }));
      }
    }
  }
  return out;
}
