import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ProviderModel } from './model.js';
import type { ProviderDraft } from './providers.js';

/**
 * Orders providers so every provider's dependencies come before it (depth-first, dependencies in
 * constructor order, otherwise keeping discovery order so output is stable), reports each dependency
 * cycle once (FW1002), and propagates request scope to everything that depends on a request-scoped
 * provider.
 *
 * @example
 * const { providers, indexOf } = orderProviders(drafts); indexOf.get('class:/r/src/todo.service.ts#TodoService') // 0
 */
export function orderProviders(drafts: readonly ProviderDraft[]): { providers: ProviderModel[]; indexOf: Map<string, number>; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const byKey = new Map(drafts.map((d) => [d.key, d]));
  const state = new Map<string, 'visiting' | 'done'>();
  const ordered: ProviderDraft[] = [];
  const reported = new Set<string>();

  const visit = (draft: ProviderDraft, path: ProviderDraft[]): void => {
    const seen = state.get(draft.key);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      const cycle = path.slice(path.indexOf(draft));
      const id = cycle.map((d) => d.key).sort().join('|');
      if (!reported.has(id)) {
        reported.add(id);
        const first = cycle[0]!;
        const next = cycle[1] ?? first;
        const param = first.deps.find((dep) => dep?.key === next.key)?.param;
        const names = [...cycle, first].map((d) => d.name).join(' -> ');
        diagnostics.push(diagnostic('FW1002', param?.location ?? first.location, { cycle: names }));
      }
      return;
    }
    state.set(draft.key, 'visiting');
    for (const dep of draft.deps) {
      const target = dep && byKey.get(dep.key);
      if (target) visit(target, [...path, draft]);
    }
    state.set(draft.key, 'done');
    ordered.push(draft);
  };
  for (const draft of drafts) visit(draft, []);

  const indexOf = new Map(ordered.map((d, i) => [d.key, i]));
  const providers: ProviderModel[] = [];
  for (const draft of ordered) {
    const deps = draft.deps.map((dep) => (dep ? indexOf.get(dep.key) ?? -1 : -1));
    // In dependency order a dependency's scope is final before its dependents are looked at.
    const declared = draft.cls?.requestScoped === true;
    const viaDep = deps.find((i) => i >= 0 && i < providers.length && providers[i]!.scope === 'request');
    const request = declared || viaDep !== undefined;
    providers.push({
      key: draft.key,
      token: draft.token,
      name: draft.name,
      scope: request ? 'request' : 'singleton',
      deps,
      depCasts: draft.deps.map((dep) => (dep?.param.typeIsToken && dep.param.token?.kind === 'class' ? dep.param.token.ref : undefined)),
      ...(draft.cls ? { cls: draft.cls.ref } : {}),
      ...(draft.index !== undefined ? { entry: { module: draft.module.ref, index: draft.index, list: draft.list ?? 'injectables' } } : {}),
      location: draft.location,
      ...(draft.registeredAt ? { registeredAt: draft.registeredAt } : {}),
      ...(draft.made ? { made: draft.made.kind === 'factory' ? { kind: 'factory' as const, async: draft.made.async } : { kind: 'existing' as const } } : {}),
      ...(declared ? { scopeCause: { kind: 'declared' as const } } : viaDep !== undefined ? { scopeCause: { kind: 'dependency' as const, dep: viaDep } } : {}),
    });
  }
  return { providers, indexOf, diagnostics };
}
