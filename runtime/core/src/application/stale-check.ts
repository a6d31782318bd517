import { controllerPrefixOf, isController, moduleOptionsOf, servedRoutesOf, type ServedRoute } from '../decorators/records.js';
import { TABLES_VERSION, type ApplicationTables } from '../contract/tables.js';
import type { Class } from '../types/class.js';

/** Thrown by `init` when the generated tables do not belong to, or no longer match, the code. */
export class StaleTablesError extends Error {
  constructor(problem: string) {
    super(
      `${problem}\nThe generated tables are missing or stale. Run \`framework-build <your src dir>\` ` +
        '(the prebuild step, e.g. `framework-build src/ --out generated`) and start the application again.',
    );
    this.name = 'StaleTablesError';
  }
}

/** `prefix` + `path` as one route path: the compiler joins them the same way (test/compiler/join-path-agreement pins the two). */
export function joinPath(prefix: string, path: string): string {
  // The usual case (`'todo'`, `'/todo'`, `':id/'`): no doubled slash inside a part, so only the ends
  // need cutting. Init joins every route, and two regular expression passes each made strings a start paid for.
  if (!prefix.includes('//') && !path.includes('//')) {
    const head = withoutEndSlashes(prefix);
    const tail = withoutEndSlashes(path);
    if (head === '') return tail === '' ? '/' : `/${tail}`;
    return tail === '' ? `/${head}` : `/${head}/${tail}`;
  }
  const joined = `/${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** `part` without one leading and one trailing `/` (it has no doubled one). */
function withoutEndSlashes(part: string): string {
  const start = part.startsWith('/') ? 1 : 0;
  const end = part.length > start && part.endsWith('/') ? part.length - 1 : part.length;
  return start === 0 && end === part.length ? part : part.slice(start, end);
}

function describe(classes: readonly Class[]): string {
  return classes.map((c) => c.name).join(', ') || 'none';
}

/**
 * Compares the tables with what the decorators recorded when the classes were defined: the
 * modules' controllers and each HTTP controller's routes. Runs once, at init.
 */
export function assertTablesMatch(tables: ApplicationTables | undefined, root: Class): asserts tables is ApplicationTables {
  if (!tables) {
    throw new StaleTablesError(
      `No generated tables were given for ${root.name}: create the application with \`new FrameworkApplication(tables)\`, ` +
        'importing `tables` from the file framework-build wrote.',
    );
  }
  if (tables.version !== TABLES_VERSION) {
    throw new StaleTablesError(`The tables have format version ${tables.version}; this runtime reads version ${TABLES_VERSION}.`);
  }
  if (tables.rootModule !== root) {
    throw new StaleTablesError(`The tables were built for root module ${tables.rootModule.name}, not ${root.name}.`);
  }
  // Index loops: this runs once per start, in V8's interpreter, where a for…of makes an object per step.
  for (let m = 0; m < tables.modules.length; m++) {
    const { module, controllers } = tables.modules[m]!;
    const recorded = moduleOptionsOf(module)?.controllers ?? [];
    if (recorded.length !== controllers.length || recorded.some((c, i) => c !== controllers[i])) {
      throw new StaleTablesError(
        `Module ${module.name} lists controllers [${describe(recorded)}] but the tables have [${describe(controllers)}].`,
      );
    }
  }
  // Grouped by controller, then by method name: no string is built per route (init of an app of
  // thousands of routes runs this once, and it was a fifth of init).
  const routesByController = new Map<Function, Map<string, { readonly method: string; readonly path: string }[]>>();
  for (let r = 0; r < tables.routes.length; r++) {
    const route = tables.routes[r]!;
    const controller = tables.providers[route.controller]!.useClass!;
    let byName = routesByController.get(controller);
    if (!byName) routesByController.set(controller, (byName = new Map()));
    const name = route.handler.name;
    const same = byName.get(name);
    if (same) same.push(route);
    else byName.set(name, [route]);
  }
  for (let m = 0; m < tables.modules.length; m++) {
    const { controllers } = tables.modules[m]!;
    for (let c = 0; c < controllers.length; c++) {
      const controller = controllers[c]!;
      if (!isController(controller)) continue;
      const inTables = routesByController.get(controller);
      const prefix = controllerPrefixOf(controller) ?? '';
      // Inherited routes count: the compiler emits them as the subclass's (called on its instance).
      const served = servedRoutesOf(controller);
      for (let s = 0; s < served.length; s++) {
        const route = served[s]!;
        const path = joinPath(prefix, route.path);
        const listed = inTables?.get(String(route.key))?.some((r) => r.method === route.method && r.path === path) ?? false;
        if (!listed) throw new StaleTablesError(missing(controller, route, `${route.method} ${path} ${String(route.key)}`));
      }
      let listedCount = 0;
      inTables?.forEach((same) => (listedCount += same.length));
      if (listedCount !== served.length) {
        throw new StaleTablesError(`The tables list routes of ${controller.name} that its code no longer declares.`);
      }
    }
  }
}

function missing(controller: Class, route: ServedRoute, key: string): string {
  const what = `Route ${key.split(' ').slice(0, 2).join(' ')} of ${controller.name}.${String(route.key)}`;
  if (route.declaredOn === controller) return `${what} is not in the tables.`;
  // framework-build reads base classes of the sources; a package's .d.ts has no decorators to read.
  return (
    `${what} is declared on its base class ${route.declaredOn.name} and is not in the tables. If ${route.declaredOn.name} ` +
    `comes from a package, framework-build cannot see its routes (a .d.ts keeps no decorators): override the method in ` +
    `${controller.name} with its route decorator (\`@${capitalised(route.method)}(…) override ${String(route.key)}(…) { return super.${String(route.key)}(…); }\`).`
  );
}

/** `GET` → `Get`, `ALL` → `All`: the decorator's name. */
const capitalised = (method: string): string => method[0] + method.slice(1).toLowerCase();
