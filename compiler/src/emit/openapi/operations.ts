import type { RouteModel } from '../../analyze/model.js';
import { pathParams } from '../../analyze/route-paths.js';

/**
 * The document's path for a route: `:id` → `{id}`; a parameter's pattern (`:id{[0-9]+}`) or
 * optional mark (`:id?`) is the router's, not the document's.
 *
 * @example
 * openApiPath('/todo/:id') // '/todo/{id}'
 * openApiPath('/numbered/:id{[0-9]+}') // '/numbered/{id}'
 */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_$]+)(?:\{[^}]*\})?\??/g, '{$1}');
}

/** The path parameters of a route, in path order. */
export const pathParamNames = (route: RouteModel): string[] => pathParams(route.path);
