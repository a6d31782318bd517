import type { ChainIR } from '../ir/index.js';
import type { ModuleGraph } from './module-graph.js';

/**
 * The throttler names of the application: from its `ThrottlerModule.forRoot([...])` array literals
 * (`static`), `dynamic` when one of them is not static, `none` when it has no forRoot the compiler
 * can see (no throttler runs then).
 */
export type DeclaredThrottlers = { readonly kind: 'static'; readonly names: readonly string[] } | { readonly kind: 'dynamic' } | { readonly kind: 'none' };

type Skip = ChainIR['skipThrottle'];

/**
 * Collects the throttler names every reachable `ThrottlerModule.forRoot` declares.
 *
 * @example
 * declaredThrottlers(graph) // { kind: 'static', names: ['default', 'burst'] }
 */
export function declaredThrottlers(graph: ModuleGraph): DeclaredThrottlers {
  const declarations = graph.order.flatMap((m) => m.dynamicModules.flatMap((d) => (d.throttlers === undefined ? [] : [d.throttlers])));
  if (declarations.length === 0) return { kind: 'none' };
  const names: string[] = [];
  for (const d of declarations) {
    if (d === 'dynamic') return { kind: 'dynamic' };
    for (const t of d) if (!names.includes(t.name)) names.push(t.name);
  }
  return { kind: 'static', names };
}

/**
 * The `skipThrottle` list the runtime reads for one handler (`'*'` or names; it has no way to say
 * "all but"), from the class's and the handler's `@SkipThrottle` flags. Per throttler, as in
 * NestJS, the handler's flag wins over the class's, and at one level a name's own flag wins over
 * `@SkipThrottle()`'s `'*'`. So `@SkipThrottle()` on the class with `@SkipThrottle({ default: false })`
 * on a handler skips every declared throttler but `default`; listing them needs the names, hence
 * `'unknown'` when they are only known at run time (FW1504).
 *
 * @example
 * skippedThrottlers({ '*': true }, { default: false }, { kind: 'static', names: ['default', 'burst'] }) // ['burst']
 */
export function skippedThrottlers(classSkip: Skip, ownSkip: Skip, throttlers: DeclaredThrottlers): readonly string[] | 'unknown' {
  const cls = classSkip ?? {};
  const own = ownSkip ?? {};
  const skipped = (name: string): boolean => own[name] ?? own['*'] ?? cls[name] ?? cls['*'] ?? false;
  const named = [...new Set([...Object.keys(cls), ...Object.keys(own)])].filter((name) => name !== '*');
  // Whether a throttler no flag names is skipped.
  const rest = own['*'] ?? cls['*'] ?? false;
  if (!rest) return named.filter(skipped);
  if (named.every(skipped)) return ['*'];
  if (throttlers.kind === 'dynamic') return 'unknown';
  if (throttlers.kind === 'none') return ['*'];
  const kept = throttlers.names.filter(skipped);
  // Re-enabling only names no forRoot declares (FW1501) leaves everything skipped.
  return kept.length === throttlers.names.length ? ['*'] : kept;
}
