import type { RouteModel } from '../../analyze/model.js';
import { pathParams } from '../../analyze/paths.js';

/** HTTP methods a route answers in the document (`@All` lists the usual five). */
export function methodsOf(route: RouteModel): string[] {
  return route.method === 'ALL' ? ['get', 'post', 'put', 'delete', 'patch'] : [route.method.toLowerCase()];
}

/**
 * The document's path for a route: `:id` → `{id}`.
 *
 * @example
 * openApiPath('/todo/:id') // '/todo/{id}'
 */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_$]+)/g, '{$1}');
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

/** The path parameters of a route, in path order. */
export const pathParamNames = (route: RouteModel): string[] => pathParams(route.path);
