import type { RouteModel } from '../../analyze/model.js';
import { pathParams } from '../../analyze/route-paths.js';

/**
 * The document's path for a route: `:id` → `{id}`.
 *
 * @example
 * openApiPath('/todo/:id') // '/todo/{id}'
 */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_$]+)/g, '{$1}');
}

/** The path parameters of a route, in path order. */
export const pathParamNames = (route: RouteModel): string[] => pathParams(route.path);
