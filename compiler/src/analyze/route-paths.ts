/**
 * The full path of a route: prefix + path with a leading `/`, no `//`, and no trailing `/` except
 * for the root.
 *
 * @example
 * joinPath('/health', '/') // '/health'
 * joinPath('', '') // '/'
 */
export function joinPath(prefix: string, path: string): string {
  const joined = `/${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : '/';
}

/**
 * The `:name` parameters of a path, in order.
 *
 * @example
 * pathParams('/todo/:id/items/:item') // ['id', 'item']
 */
export function pathParams(path: string): string[] {
  return path
    .split('/')
    .map((segment) => /^:([A-Za-z0-9_$]+)/.exec(segment)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** The path with parameter names erased, so `/todo/:id` and `/todo/:key` compare equal. */
export const pathShape = (path: string): string => path.replace(/:[A-Za-z0-9_$]+/g, ':');
