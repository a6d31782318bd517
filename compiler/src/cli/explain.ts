import type { AppModel, HandlerModel } from '../analyze/model.js';
import { sourceOf } from '../diagnostics/location.js';

/** Why one provider is created per request. */
export interface ScopeExplanation {
  readonly name: string;
  /** Whether it is a controller (of either transport). */
  readonly controller: boolean;
  /** From this provider to the one that declares request scope: `['ProbeGrpc', 'RequestTrace']`. */
  readonly chain: readonly string[];
  /** Where the `@Injectable({ scope: SCOPE.REQUEST })` class at the end of the chain is declared. */
  readonly declaredAt: string;
}

/**
 * The request-scoped providers of an application, each with the dependency chain that makes it
 * request-scoped (a provider is request-scoped when it, or anything it depends on, is declared
 * with `@Injectable({ scope: SCOPE.REQUEST })`).
 *
 * @example
 * explainScope(model) // [{ name: 'ProbeGrpc', controller: true, chain: ['ProbeGrpc', 'RequestTrace'], declaredAt: 'trace.ts:5:1' }]
 */
export function explainScope(model: AppModel): ScopeExplanation[] {
  const controllers = new Set(model.modules.flatMap((m) => m.controllers.map((c) => c.key)));
  return model.providers.flatMap((provider) => {
    if (provider.scope !== 'request') return [];
    const chain: string[] = [];
    let current = provider;
    for (let guard = 0; guard <= model.providers.length; guard++) {
      chain.push(current.name);
      const cause = current.scopeCause;
      if (cause?.kind !== 'dependency') break;
      current = model.providers[cause.dep] ?? current;
    }
    return [
      {
        name: provider.name,
        controller: provider.cls !== undefined && controllers.has(provider.cls.key),
        chain,
        declaredAt: sourceOf(current.cls, current.location, model.srcDir),
      },
    ];
  });
}

/**
 * `--explain` as text: each request-scoped provider and why, then the handlers whose calls open a
 * request scope (their controller, a guard, middleware or filter is request-scoped).
 *
 * @example
 * formatScope(model)
 * // Request scope: 2 of 5 providers are created per request.
 * //   RequestTrace: declared with @Injectable({ scope: SCOPE.REQUEST }) at trace.ts:5:1
 * //   ProbeGrpc (controller): ProbeGrpc -> RequestTrace (declared at trace.ts:5:1)
 * // Handlers that open a request scope per call (1): ProbeGrpc.fail
 */
export function formatScope(model: AppModel): string {
  const list = explainScope(model);
  if (list.length === 0) return 'Request scope: none; every provider is a singleton, so no call opens a request scope.\n';
  const lines = [`Request scope: ${list.length} of ${model.providers.length} providers ${list.length === 1 ? 'is' : 'are'} created per request.`];
  for (const e of list) {
    const name = e.controller ? `${e.name} (controller)` : e.name;
    lines.push(
      e.chain.length === 1
        ? `  ${name}: declared with @Injectable({ scope: SCOPE.REQUEST }) at ${e.declaredAt}`
        : `  ${name}: ${e.chain.join(' -> ')} (declared at ${e.declaredAt})`,
    );
  }
  const handlers = [...model.routes, ...model.grpc.flatMap((s) => s.methods)].filter((h) => opensScope(model, h)).map((h) => h.name);
  lines.push(`Handlers that open a request scope per call (${handlers.length}): ${handlers.join(', ') || 'none'}`);
  return `${lines.join('\n')}\n`;
}

function opensScope(model: AppModel, h: HandlerModel): boolean {
  const request = (i: number): boolean => model.providers[i]?.scope === 'request';
  const middleware = h.middleware.flatMap((m) => ('provider' in m ? [m.provider] : []));
  const global = model.globalGuard === undefined ? [] : [model.globalGuard];
  return [h.controller, ...h.guards, ...h.interceptors, ...h.pipes, ...middleware, ...h.filters, ...global, ...model.globalInterceptors].some(request);
}
