import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ProgramIR } from '../ir/index.js';
import type { RouteModel } from './model.js';

/**
 * FW2313: an `app.serveStatic('<prefix>', …)` whose literal prefix (other than `/`) holds a
 * controller route: the route answers first, so the files at its paths are never served, and
 * `init` would refuse the mount anyway. One report per mount, naming its first route.
 *
 * @example
 * checkStaticMounts(ir, routes) // [FW2313 at '/todo' of app.serveStatic('/todo', 'public'): covers GET /todo/:id]
 */
export function checkStaticMounts(ir: ProgramIR, routes: readonly RouteModel[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const mount of ir.staticMounts ?? []) {
    if (mount.prefix === '/') continue;
    const covered = routes.find((route) => route.path === mount.prefix || route.path.startsWith(`${mount.prefix}/`));
    if (!covered) continue;
    out.push(diagnostic('FW2313', mount.location, { prefix: mount.prefix, method: covered.method, path: covered.path, handler: covered.name }));
  }
  return out;
}
