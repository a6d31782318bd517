/**
 * The path a request is matched by: `/todo/` is `/todo` (a trailing slash is not significant),
 * the same on every host.
 *
 * @example
 * routedPath('/todo/'); // '/todo'
 */
export function routedPath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
