import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { where } from '../diagnostics/location.js';
import type { ProgramIR } from '../ir/index.js';
import type { HandlerChainModel } from './model.js';
import type { ModuleGraph } from './module-graph.js';
import { notExported } from './not-exported.js';
import { entryKey, type ProviderDraft } from './providers.js';

/** FW1301: `canActivate(context)` reading the V1 `context.request`, in any class of the sources. */
export function checkGuards(ir: ProgramIR): Diagnostic[] {
  return [...ir.classes.values()].flatMap((cls) =>
    cls.readsContextRequest.map((read) => diagnostic('FW1301', read.location, { guard: cls.ref.name, param: read.param })),
  );
}

/**
 * The provider key of the `GLOBAL_GUARD` entry that wins (the last `{ token: GLOBAL_GUARD, useClass }`
 * in module order), with FW1302 when more than one entry is declared (of any kind) and FW1303 for
 * each entry that is not `useClass`: the slot is only filled from `useClass`, so a `useValue`,
 * `useFactory` or `useExisting` guard would silently never run.
 */
export function globalGuard(ir: ProgramIR, graph: ModuleGraph, drafts: readonly ProviderDraft[]): { key?: string; diagnostics: Diagnostic[] } {
  const entries = graph.order.flatMap((module) =>
    module.injectables.filter((e) => e.kind !== 'class' && e.token.kind === 'global-guard').map((entry) => ({ module, entry })),
  );
  const last = entries.at(-1);
  if (!last) return { diagnostics: [] };
  // By provider key: two entries naming the same class share one provider (the first one's draft).
  const draftOf = (e: (typeof entries)[number]): ProviderDraft | undefined => drafts.find((d) => d.key === entryKey(e.entry, e.module));
  const nameOf = (e: (typeof entries)[number]): string => {
    const { entry } = e;
    if (entry.kind === 'useClass') return draftOf(e)?.cls?.ref.name ?? 'guard';
    return entry.kind !== 'class' && entry.value ? `\`${entry.value.text}\`` : 'a useValue entry';
  };
  const diagnostics: Diagnostic[] = [];
  for (const { module, entry } of entries) {
    if (entry.kind === 'useClass' || entry.kind === 'class') continue;
    const value = entry.value;
    diagnostics.push(
      diagnostic('FW1303', value?.location ?? entry.location, { entry: value?.text ?? 'useValue', module: module.ref.name, guard: value?.className ?? '<GuardClass>' }),
    );
  }
  if (entries.length > 1) {
    diagnostics.push(
      diagnostic('FW1302', entries[0]!.entry.location, {
        count: String(entries.length),
        entries: entries.map((e) => `${nameOf(e)} in ${e.module.ref.name} (${where(ir.srcDir, e.entry.location)})`).join(', '),
        winner: nameOf(last),
      }),
    );
  }
  const winner = entries.filter((e) => e.entry.kind === 'useClass').at(-1);
  const key = winner && draftOf(winner)?.key;
  return { ...(key ? { key } : {}), diagnostics };
}

/**
 * The provider keys of the `GLOBAL_INTERCEPTOR` entries (`useClass` or `useValue`), in module
 * order; every one runs. Two entries naming the same class share one provider and run once.
 */
export function globalInterceptors(graph: ModuleGraph, drafts: readonly ProviderDraft[]): string[] {
  const keys = graph.order.flatMap((module) =>
    module.injectables.filter((e) => e.kind !== 'class' && e.kind !== 'unsupported' && e.token.kind === 'global-interceptor').map((entry) => entryKey(entry, module)),
  );
  const provided = new Set(drafts.map((d) => d.key));
  return [...new Set(keys)].filter((key) => provided.has(key));
}

/** FW1003: controllers and injectables of the sources that no reachable module provides (nor a module around the root). */
export function checkUnreachable(ir: ProgramIR, graph: ModuleGraph, drafts: readonly ProviderDraft[]): Diagnostic[] {
  const provided = new Set(drafts.flatMap((d) => (d.cls ? [d.cls.ref.key] : [])));
  for (const module of ir.modules) {
    if (!graph.around.has(module.key)) continue;
    for (const use of module.controllers) provided.add(use.key);
    for (const entry of module.injectables) if ('cls' in entry) provided.add(entry.cls.key);
  }
  return ir.declared.flatMap((key) => {
    const cls = ir.classes.get(key);
    if (!cls || provided.has(key)) return [];
    const controller = cls.controller !== undefined;
    return [
      diagnostic('FW1003', cls.nameLocation, {
        kind: controller ? 'Controller' : 'Injectable',
        name: cls.ref.name,
        root: graph.root.ref.name,
        field: controller ? 'controllers' : 'injectables',
      }),
    ];
  });
}

/** FW1007 for reachable modules and middleware functions the tables import but cannot. */
export function checkExports(ir: ProgramIR, graph: ModuleGraph, routes: readonly HandlerChainModel[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const module of graph.order) {
    if (!module.ref.exported) {
      out.push(notExported(ir.srcDir, module.ref, 'module list'));
    }
  }
  const seen = new Set<string>();
  for (const route of routes) {
    for (const m of route.middleware) {
      if ('fn' in m && !m.fn.exported && !seen.has(m.fn.key)) {
        seen.add(m.fn.key);
        out.push(notExported(ir.srcDir, m.fn, 'route table as middleware'));
      }
    }
  }
  return out;
}
