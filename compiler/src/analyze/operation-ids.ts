import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { where } from '../diagnostics/location.js';
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

/** HTTP methods a route answers in the document (`@All` lists the usual five). */
export function methodsOf(route: RouteModel): string[] {
  return route.method === 'ALL' ? ['get', 'post', 'put', 'delete', 'patch'] : [route.method.toLowerCase()];
}

/** The tag of a controller: its class name without `Controller` (`TodoController` → `Todo`). */
export function tagOf(route: RouteModel): string {
  return route.controllerRef.name.replace(/Controller$/, '') || route.controllerRef.name;
}

/**
 * The operation id, also the typed client's method (`todo.findOne`): the tag in lower camel case,
 * a dot, the handler's name.
 *
 * @example
 * operationIdOf(findOneRoute) // 'todo.findOne'
 */
export function operationIdOf(route: RouteModel, method: string): string {
  const tag = tagOf(route);
  const group = tag.charAt(0).toLowerCase() + tag.slice(1);
  return route.method === 'ALL' ? `${group}.${route.methodName}_${method}` : `${group}.${route.methodName}`;
}
