import type { ApplicationTables, Class, HandlerEntry, MiddlewareFunction, MiddlewareRef, ProviderEntry, Token } from '@framework/core';

/** How a replaced token gets its value. */
export type Replacement =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'class'; readonly cls: Class }
  | { readonly kind: 'factory'; readonly factory: (...deps: never[]) => unknown; readonly inject: readonly Token[] };

/** One override: what it replaces (a token, or a middleware function) and with what. */
export interface Override {
  /** `overrideGuard`, `overrideProvider`…, for messages. */
  readonly method: string;
  readonly target: Token | MiddlewareFunction;
  readonly replacement: Replacement;
}

export const nameOf = (token: unknown): string =>
  typeof token === 'function' ? token.name || '(anonymous function)' : typeof token === 'symbol' ? token.toString() : JSON.stringify(token);

/** The provider indices an override replaces: the entries registered under the token, or whose class it is. */
function targetsOf(providers: readonly ProviderEntry[], target: unknown): number[] {
  const byToken = providers.flatMap((p, i) => (p.token === target ? [i] : []));
  if (byToken.length > 0) return byToken;
  // `{ token: GLOBAL_GUARD, useClass: AppGuard }`: overriding AppGuard replaces the global guard.
  return providers.flatMap((p, i) => (p.useClass === target ? [i] : []));
}

function replaced(providers: readonly ProviderEntry[], original: ProviderEntry, override: Override, indexOf: (token: Token) => number): ProviderEntry {
  const { replacement } = override;
  const base = { token: original.token, name: `${original.name} (replaced by ${override.method})`, source: original.source, scope: 'singleton' as const };
  // The original class is kept where the chain reads it (a filter's @Catch types, a controller's class).
  const keptClass = original.useClass ? { useClass: original.useClass } : {};
  switch (replacement.kind) {
    case 'value':
      return { ...base, ...keptClass, deps: [], create: () => replacement.value };
    case 'class':
      return { ...base, useClass: replacement.cls, deps: [], create: () => new (replacement.cls as new () => unknown)() };
    case 'factory': {
      const deps = replacement.inject.map(indexOf);
      const requestScoped = deps.find((d) => providers[d]!.scope === 'request');
      if (requestScoped !== undefined && original.scope === 'singleton') {
        throw new TypeError(`${override.method}(${original.name}).useFactory injects request-scoped ${providers[requestScoped]!.name}; a replacement of a singleton can only inject singletons.`);
      }
      const factory = replacement.factory as (...args: unknown[]) => unknown;
      return { ...base, ...keptClass, scope: requestScoped === undefined ? 'singleton' : 'request', deps, create: (d) => factory(...d) };
    }
  }
}

function replaceFunctions<E extends HandlerEntry>(entries: readonly E[], swap: (ref: MiddlewareRef) => MiddlewareRef): E[] {
  return entries.map((entry) => ({ ...entry, middleware: entry.middleware.map(swap) }));
}

/**
 * The tables with every override applied. Providers are replaced in place (same index, same
 * token), so every consumer of a token, other providers included, receives the replacement;
 * middleware functions are swapped in every handler that names them. An override whose target
 * the tables do not contain is an error naming it.
 *
 * @example
 * applyOverrides(tables, [{ method: 'overrideProvider', target: TodoService, replacement: { kind: 'value', value: fake } }]);
 */
export function applyOverrides(tables: ApplicationTables, overrides: readonly Override[]): ApplicationTables {
  const providers = [...tables.providers];
  let routes = tables.routes;
  let grpc = tables.grpc;
  const indexOf = (token: Token): number => {
    const index = providers.findIndex((p) => p.token === token);
    if (index < 0) throw new TypeError(`A replacement factory injects ${nameOf(token)}, which no provider of ${tables.rootModule.name} is registered under.`);
    return index;
  };
  for (const override of overrides) {
    const indices = targetsOf(providers, override.target);
    if (indices.length > 0) {
      for (const index of indices) providers[index] = replaced(providers, providers[index]!, override, indexOf);
      continue;
    }
    const fn = override.target as MiddlewareFunction;
    const used = [...routes, ...grpc.flatMap((s) => s.methods)].some((e) => e.middleware.some((m) => 'fn' in m && m.fn === fn));
    if (!used || override.replacement.kind !== 'value' || typeof override.replacement.value !== 'function') {
      const known = used ? ' A middleware function is replaced with `.useValue(otherFunction)`.' : '';
      throw new TypeError(
        `${override.method}(${nameOf(override.target)}): the application of ${tables.rootModule.name} has no provider${override.method === 'overrideMiddleware' ? ' or middleware function' : ''} under this token, so there is nothing to replace.${known} Check the token, and that the tables were built from the current sources.`,
      );
    }
    const next = override.replacement.value as MiddlewareFunction;
    const swap = (ref: MiddlewareRef): MiddlewareRef => ('fn' in ref && ref.fn === fn ? { fn: next } : ref);
    routes = replaceFunctions(routes, swap);
    grpc = grpc.map((service) => ({ ...service, methods: replaceFunctions(service.methods, swap) }));
  }
  return { ...tables, providers, routes, grpc };
}
