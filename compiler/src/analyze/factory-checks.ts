import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ProviderModel } from './model.js';

/**
 * FW2005: an async factory whose provider is request-scoped (it depends on a request-scoped
 * provider). Request-scoped instances are created synchronously while a call runs, so its
 * dependents would receive a promise instead of the instance.
 *
 * @example
 * checkAsyncFactories(model.providers) // [FW2005 at `useFactory: async (ctx: RequestLog) => …`]
 */
export function checkAsyncFactories(providers: readonly ProviderModel[]): Diagnostic[] {
  return providers.flatMap((p) => {
    if (p.made?.kind !== 'factory' || !p.made.async || p.scope !== 'request') return [];
    const cause = p.scopeCause?.kind === 'dependency' ? providers[p.scopeCause.dep]?.name ?? 'a dependency' : 'a dependency';
    return [diagnostic('FW2005', p.location, { owner: p.name, dep: cause })];
  });
}
