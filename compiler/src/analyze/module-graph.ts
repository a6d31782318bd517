import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { where } from '../diagnostics/location.js';
import type { ClassIR, ControllerIR, ModuleIR, ProgramIR } from '../ir/index.js';

/** The modules of the application, seen from its root. */
export interface ModuleGraph {
  readonly root: ModuleIR;
  /** Reachable modules, breadth-first from the root, imports in declaration order. */
  readonly order: readonly ModuleIR[];
  /** Per reachable module: the modules whose injectables it sees (itself, then its imports transitively, breadth-first). */
  readonly scopes: ReadonlyMap<string, readonly ModuleIR[]>;
  /**
   * Modules outside the application that wrap it: one whose imports reach the root (the server's
   * `AppModule` around the `HttpAppModule` a Worker is built from with `--root`), and what it
   * reaches. Not part of the application, and not reported as forgotten (FW1003) either.
   */
  readonly around: ReadonlySet<string>;
}

/**
 * Finds the root module (the one no other module imports, or the one named by `--root`) and walks
 * the imports from it. Reports FW1005 (no or several roots), FW1009 (an import that is not a module)
 * FW1003 (modules the root never reaches, except those around it: see {@link ModuleGraph.around}) and
 * FW1020 (modules of the application that import each other).
 *
 * @example
 * const { graph } = moduleGraph(ir, undefined); graph?.order.map((m) => m.ref.name) // ['AppModule', 'TodoModule']
 */
export function moduleGraph(ir: ProgramIR, rootName: string | undefined): { graph?: ModuleGraph; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byKey = new Map(ir.modules.map((m) => [m.key, m]));
  const imported = new Set<string>();
  for (const m of ir.modules) {
    for (const use of m.imports) {
      const target = byKey.get(use.key);
      if (!target) {
        const name = use.key.slice(use.key.lastIndexOf('#') + 1);
        diagnostics.push(diagnostic('FW1009', use.location, { name, field: 'imports', module: m.ref.name, expected: 'a module', decorator: '@Module({ … })' }));
      } else if (target !== m) {
        imported.add(use.key);
      }
    }
  }
  const root = pickRoot(ir, rootName, imported, diagnostics);
  if (!root) return { diagnostics };
  const walk = (start: ModuleIR): ModuleIR[] => {
    const seen = new Set([start.key]);
    const out = [start];
    for (let i = 0; i < out.length; i++) {
      for (const use of out[i]!.imports) {
        const next = byKey.get(use.key);
        if (next && !seen.has(next.key)) {
          seen.add(next.key);
          out.push(next);
        }
      }
    }
    return out;
  };
  const order = walk(root);
  const scopes = new Map(order.map((m) => [m.key, walk(m)]));
  const around = new Set<string>();
  for (const m of ir.modules) {
    if (scopes.has(m.key) || around.has(m.key)) continue;
    const reached = walk(m);
    if (reached.includes(root)) for (const r of reached) if (!scopes.has(r.key)) around.add(r.key);
  }
  for (const m of ir.modules) {
    if (!scopes.has(m.key) && !around.has(m.key)) {
      diagnostics.push(diagnostic('FW1003', m.nameLocation, { kind: 'Module', name: m.ref.name, root: root.ref.name, field: 'imports' }));
    }
  }
  diagnostics.push(...importCycles(order, byKey));
  return { graph: { root, order, scopes, around }, diagnostics };
}

/**
 * FW1020, once per cycle of `imports` among the application's modules, at the entry that closes it.
 * Each `@Module({ imports: [...] })` is evaluated as its file loads, so in a cycle one of the
 * modules reads a class that does not exist yet: the start stops with a ReferenceError (a module
 * that imports itself is read after its class exists, and harms nothing).
 */
function importCycles(order: readonly ModuleIR[], byKey: ReadonlyMap<string, ModuleIR>): Diagnostic[] {
  const found: Diagnostic[] = [];
  const reported = new Set<string>();
  const done = new Set<string>();
  const path: ModuleIR[] = [];
  const visit = (m: ModuleIR): void => {
    path.push(m);
    for (const use of m.imports) {
      const next = byKey.get(use.key);
      if (!next || next === m || done.has(next.key)) continue;
      const at = path.indexOf(next);
      if (at < 0) {
        visit(next);
        continue;
      }
      const members = path.slice(at);
      const id = members.map((x) => x.key).sort().join('\n');
      if (reported.has(id)) continue;
      reported.add(id);
      const cycle = [...members, next].map((x) => x.ref.name).join(' -> ');
      found.push(diagnostic('FW1020', use.location, { module: m.ref.name, imported: next.ref.name, cycle }));
    }
    path.pop();
    done.add(m.key);
  };
  for (const m of order) if (!done.has(m.key)) visit(m);
  return found;
}

function pickRoot(ir: ProgramIR, rootName: string | undefined, imported: ReadonlySet<string>, diagnostics: Diagnostic[]): ModuleIR | undefined {
  const names = ir.modules.map((m) => m.ref.name).join(', ');
  const srcAt = { file: ir.srcDir, line: 0, column: 0, length: 0 };
  if (rootName !== undefined) {
    const named = ir.modules.find((m) => m.ref.name === rootName);
    if (!named) {
      diagnostics.push(
        diagnostic('FW1005', srcAt, {
          problem: `No module named ${rootName} (given with --root) is declared under the source directory${names ? `; the modules are ${names}` : ''}.`,
          fix: names ? `pass one of ${names} to --root.` : 'declare the root module with @Module({ … }).',
        }),
      );
    }
    return named;
  }
  const candidates = ir.modules.filter((m) => !imported.has(m.key));
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) {
    diagnostics.push(
      diagnostic('FW1005', srcAt, {
        problem:
          ir.modules.length === 0
            ? 'No root module: no class under the source directory is decorated with @Module.'
            : `No root module: every module (${names}) is imported by another one.`,
        fix: 'declare the application root with @Module({ … }) and make sure no other module imports it.',
      }),
    );
    return undefined;
  }
  const list = candidates.map((m) => `${m.ref.name} (${where(ir.srcDir, m.nameLocation)})`).join(', ');
  diagnostics.push(
    diagnostic('FW1005', candidates[0]!.nameLocation, {
      problem: `Several root modules: ${list}. No module imports them, so the compiler cannot tell which one is the application.`,
      fix: `pass --root <ModuleName> (one of ${candidates.map((m) => m.ref.name).join(', ')}), or import the others from the root module.`,
    }),
  );
  return undefined;
}

/** A class that is a controller (of the transport `F`, by default either). */
export type ControllerClassIR<F extends ControllerIR['family'] = ControllerIR['family']> = ClassIR & {
  readonly controller: Extract<ControllerIR, { readonly family: F }>;
};

/**
 * Every controller class reachable from the root module, once each, in module order (a controller
 * listed by two modules is served once, so it is checked once).
 *
 * @example
 * for (const cls of reachableControllers(ir, graph)) check(cls.controller.chain, cls.ref.name);
 */
export function* reachableControllers(ir: ProgramIR, graph: ModuleGraph): Generator<ControllerClassIR> {
  const seen = new Set<string>();
  for (const module of graph.order) {
    for (const use of module.controllers) {
      const cls = ir.classes.get(use.key);
      if (!cls?.controller || seen.has(use.key)) continue;
      seen.add(use.key);
      yield cls as ControllerClassIR;
    }
  }
}

/**
 * The reachable controllers of one transport, in the order and once each as {@link reachableControllers}:
 * the loop the HTTP route table and the gRPC dispatch table are built from.
 *
 * @example
 * for (const cls of reachableControllersOf(ir, graph, 'grpc')) cls.controller.def // typed as a gRPC controller
 */
export function* reachableControllersOf<F extends ControllerIR['family']>(ir: ProgramIR, graph: ModuleGraph, family: F): Generator<ControllerClassIR<F>> {
  for (const cls of reachableControllers(ir, graph)) {
    if (cls.controller.family === family) yield cls as ControllerClassIR<F>;
  }
}
