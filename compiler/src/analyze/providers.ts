import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ChainIR, ClassIR, ClassUse, CtorParamIR, DynamicModuleIR, InjectableIR, ModuleIR, ParamIR, ProgramIR, SourceLocation, TokenIR, ValueRef } from '../ir/index.js';
import { handlersOf } from './handler-chain.js';
import type { ModuleGraph } from './module-graph.js';
import { notExported } from './not-exported.js';
import { pipeNotInjectable, type PipeUse } from './pipe-uses.js';
import { printableToken, tokenKey } from './tokens.js';

/** A provider before ordering: deps are keys of other drafts. */
export interface ProviderDraft {
  readonly key: string;
  readonly token: TokenIR;
  readonly name: string;
  readonly cls?: ClassIR;
  readonly module: ModuleIR;
  /** Position of the declaring entry in the module's `injectables` (or `imports` for a dynamic module's value). */
  readonly index?: number;
  readonly list?: 'injectables' | 'imports';
  readonly location: SourceLocation;
  /** Where the user's code first names the class (an `injectables` entry, `controllers`, `@UseGuard(…)`). */
  readonly registeredAt?: SourceLocation;
  /** What makes it, when not a class or a value: a factory (its `inject` list) or an alias (its target). */
  readonly made?: { readonly kind: 'factory'; readonly async: boolean; readonly params: readonly CtorParamIR[] } | { readonly kind: 'existing'; readonly params: readonly CtorParamIR[] };
  /** Resolved per constructor parameter; undefined where resolution failed (already reported). */
  deps: ({ readonly key: string; readonly param: CtorParamIR } | undefined)[];
}

export const classProviderKey = (classKey: string): string => `class:${classKey}`;

/**
 * Collects the providers of the reachable modules (injectables, controllers and the classes their
 * chain decorators name), one per class, and resolves each constructor parameter in the scope of the
 * module that declared the provider. Reports FW1001, FW1006, FW1007 and FW1009.
 *
 * @example
 * const { drafts } = collectProviders(ir, graph); drafts.map((d) => d.name) // ['HealthController', 'TodoService', 'TodoController']
 */
export function collectProviders(ir: ProgramIR, graph: ModuleGraph): { drafts: ProviderDraft[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const drafts = new Map<string, ProviderDraft>();
  const pipes = new Map<string, PipeUse[]>();
  const add = (draft: Omit<ProviderDraft, 'deps'>): void => {
    if (drafts.has(draft.key)) return;
    drafts.set(draft.key, { ...draft, deps: [] });
    const { cls, module, token } = draft;
    if (token.kind === 'class' && token.ref.key !== cls?.ref.key && !token.ref.exported) {
      diagnostics.push(notExported(ir.srcDir, token.ref, 'application as a token'));
    }
    if (cls?.abstract) diagnostics.push(diagnostic('FW1010', cls.nameLocation, { name: cls.ref.name, module: module.ref.name }));
    if (cls && !cls.ref.exported) {
      diagnostics.push(notExported(ir.srcDir, cls.ref, 'application as a provider'));
    }
  };
  const addClass = (key: string, module: ModuleIR, registeredAt?: SourceLocation): ClassIR | undefined => {
    const cls = ir.classes.get(key);
    if (cls) add({ key: classProviderKey(key), token: { kind: 'class', ref: cls.ref }, name: cls.ref.name, module, location: cls.location, registeredAt, cls });
    return cls;
  };
  for (const module of graph.order) {
    for (const entry of module.injectables) {
      if (entry.kind === 'class') addClass(entry.cls.key, module, entry.cls.location);
      // Provides nothing at run time; FW1303 reports it.
      else if (entry.kind === 'unsupported') continue;
      else if (entry.kind === 'useClass') {
        const cls = ir.classes.get(entry.cls.key);
        const name = useClassName(entry.token, cls?.ref);
        if (cls) add({ key: entryKey(entry, module), token: entry.token, name, module, location: cls.location, registeredAt: entry.cls.location, cls, index: entry.index, list: 'injectables' });
      } else {
        const name = printableToken(entry.token);
        const made: ProviderDraft['made'] =
          entry.kind === 'useFactory'
            ? { kind: 'factory', async: entry.factory.async, params: entry.factory.inject }
            : entry.kind === 'useExisting'
              ? { kind: 'existing', params: [entry.target] }
              : undefined;
        add({ key: entryKey(entry, module), token: entry.token, name, module, location: entry.location, index: entry.index, list: 'injectables', ...(made ? { made } : {}) });
      }
    }
    for (const dynamic of module.dynamicModules) {
      const value = dynamic.value;
      if (value) add({ key: dynamicKey(module, dynamic), token: { kind: 'class', ref: value }, name: value.name, module, location: dynamic.location, index: dynamic.index, list: 'imports' });
      for (const use of dynamic.injectables) addClass(use.key, module);
    }
    for (const use of module.controllers) {
      const cls = addClass(use.key, module, use.location);
      if (!cls?.controller) {
        const name = cls?.ref.name ?? use.key.slice(use.key.lastIndexOf('#') + 1);
        diagnostics.push(diagnostic('FW1009', use.location, { name, field: 'controllers', module: module.ref.name, expected: 'a controller', decorator: '@Controller()' }));
        continue;
      }
      for (const chain of [cls.controller.chain, ...handlersOf(cls.controller).map((h) => h.chain)]) {
        for (const use of chainClassUses(chain)) addClass(use.key, module, use.location);
      }
      if (cls.controller.family === 'http') {
        for (const route of cls.controller.routes) {
          for (const use of pipeUses(route.params, `${cls.ref.name}.${route.methodName}`)) {
            addClass(use.key, module);
            pipes.set(use.key, [...(pipes.get(use.key) ?? []), use]);
          }
        }
      }
    }
  }
  for (const draft of drafts.values()) {
    // A class first met as a pipe (not listed in `injectables`): a value it cannot be injected is reported where it is used.
    const asPipe = !draft.registeredAt && draft.cls ? pipes.get(draft.cls.ref.key) : undefined;
    draft.deps = (draft.made?.params ?? draft.cls?.ctorParams ?? []).map((param) => resolveParam(draft, param, graph, diagnostics, asPipe));
  }
  return { drafts: [...drafts.values()], diagnostics };
}

/** The pipe classes the parameters name (the injector creates them), with where. */
function pipeUses(params: readonly ParamIR[], handler: string): PipeUse[] {
  return params.flatMap((p) => (p.pipes ?? []).flatMap((pipe) => (pipe.kind === 'class' ? [{ key: pipe.cls.key, location: pipe.cls.location, param: p.name, handler }] : [])));
}

/** The guards, interceptors, class middleware and filters a chain names, with where. */
function chainClassUses(chain: ChainIR): ClassUse[] {
  return [...chain.guards, ...chain.interceptors, ...chain.middleware, ...chain.filters].flatMap((ref) => (ref.kind === 'class' ? [ref.cls] : []));
}

/** Whether `token` is the framework's `ThrottlerConfig`, which only `ThrottlerModule.forRoot` provides. */
function isThrottlerConfig(token: TokenIR): boolean {
  return token.kind === 'class' && token.ref.name === 'ThrottlerConfig' && token.ref.from.kind === 'package' && token.ref.from.specifier === '@framework/core';
}

/** The provider key of a module's `injectables` entry; entries naming the same class share one. */
export function entryKey(entry: InjectableIR, module: ModuleIR): string {
  if (entry.kind === 'class') return classProviderKey(entry.cls.key);
  if (entry.kind === 'useClass') {
    // `{ token: X, useClass: X }` is the same provider as listing X.
    if (entry.token.kind === 'class' && entry.token.ref.key === entry.cls.key) return classProviderKey(entry.cls.key);
    return `useClass:${tokenKey(entry.token)}:${entry.cls.key}`;
  }
  return `value:${module.key}:${entry.index}`;
}

const dynamicKey = (module: ModuleIR, dynamic: DynamicModuleIR): string => `dynamic:${module.key}:${dynamic.index}`;

/** What a module offers to dependency lookups, in declaration order: token key → provider key. */
export function offers(module: ModuleIR): { token: string; provider: string }[] {
  return [
    ...module.injectables.flatMap((entry) =>
      entry.kind === 'unsupported' ? [] : [{ token: entry.kind === 'class' ? `class:${entry.cls.key}` : tokenKey(entry.token), provider: entryKey(entry, module) }],
    ),
    ...module.dynamicModules.flatMap((dynamic) => [
      ...(dynamic.value ? [{ token: `class:${dynamic.value.key}`, provider: dynamicKey(module, dynamic) }] : []),
      ...dynamic.injectables.map((use) => ({ token: `class:${use.key}`, provider: classProviderKey(use.key) })),
    ]),
  ];
}

function useClassName(token: TokenIR, cls: ValueRef | undefined): string {
  if (!cls) return printableToken(token);
  return token.kind === 'class' && token.ref.key === cls.key ? cls.name : `${printableToken(token)} (${cls.name})`;
}

function resolveParam(draft: ProviderDraft, param: CtorParamIR, graph: ModuleGraph, diagnostics: Diagnostic[], asPipe?: readonly PipeUse[]): ProviderDraft['deps'][number] {
  const owner = draft.cls?.ref.name ?? draft.name;
  if (!param.token) {
    if (asPipe) diagnostics.push(...asPipe.map((use) => pipeNotInjectable(use, owner, param, draft.cls?.ctorParams ?? [])));
    else diagnostics.push(diagnostic('FW1006', param.location, { param: param.name, owner, type: param.typeText, reason: param.problem ?? 'it is not a class' }));
    return undefined;
  }
  const wanted = tokenKey(param.token);
  for (const module of graph.scopes.get(draft.module.key) ?? []) {
    const offer = offers(module).find((o) => o.token === wanted);
    if (offer) return { key: offer.provider, param };
  }
  // The fix is an import when another module of the application provides the token.
  const provider = graph.order.find((module) => offers(module).some((o) => o.token === wanted))?.ref.name;
  const elsewhere: Record<string, string> = provider ? { provider } : {};
  if (param.role) {
    const code = param.role === 'inject' ? 'FW2003' : 'FW2004';
    diagnostics.push(diagnostic(code, param.location, { owner, index: String(param.index), module: draft.module.ref.name, token: printableToken(param.token), ...elsewhere }));
    return undefined;
  }
  if (isThrottlerConfig(param.token)) {
    // Reported where the user registers the guard: the parameter is in the framework's declaration file.
    diagnostics.push(diagnostic('FW1901', draft.registeredAt ?? param.location, { guard: owner, module: draft.module.ref.name }));
    return undefined;
  }
  diagnostics.push(
    diagnostic('FW1001', param.location, {
      owner,
      param: param.name,
      type: param.typeText,
      position: String(param.index + 1),
      module: draft.module.ref.name,
      token: printableToken(param.token),
      ...elsewhere,
    }),
  );
  return undefined;
}
