import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ProgramIR } from '../ir/index.js';
import { reachableControllersOf, type ModuleGraph } from './module-graph.js';

/** Statuses whose responses have no body (the Fetch standard's null-body statuses a handler can send). */
const NULL_BODY = new Set([204, 205, 304]);

/**
 * Checks the literal `@HttpCode(…)` of each route of the reachable HTTP controllers: FW1207 when it
 * is outside 200–599 (a `Response` cannot be built with it, so every call fails at run time), and
 * FW1208 when it is 204, 205 or 304 but the handler's return type carries a body, which the
 * runtime then drops. A warning, not an error: the route works, only the value is lost.
 *
 * @example
 * checkHttpStatus(ir, graph) // [FW1207 "@HttpCode(600) on ItemsController.create is not a status …"]
 */
export function checkHttpStatus(ir: ProgramIR, graph: ModuleGraph): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const cls of reachableControllersOf(ir, graph, 'http')) {
    for (const route of cls.controller.routes) {
      // Without @HttpCode the status is the default 200.
      if (!route.statusLocation) continue;
      const handler = `${cls.ref.name}.${route.methodName}`;
      const status = String(route.status);
      if (!Number.isInteger(route.status) || route.status < 200 || route.status > 599) {
        out.push(diagnostic('FW1207', route.statusLocation, { status, handler }));
      } else if (NULL_BODY.has(route.status) && route.returns?.kind === 'value') {
        out.push(diagnostic('FW1208', route.statusLocation, { status, handler, type: route.returns.text }));
      }
    }
  }
  return out;
}
