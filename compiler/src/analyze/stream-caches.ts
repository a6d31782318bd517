import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ChainRef, ProgramIR, SourceLocation } from '../ir/index.js';
import { appliedClass, globalLayers, type Applied } from './layer-options.js';
import { reachableControllersOf, type ModuleGraph } from './module-graph.js';

/** Applied with its default key: it caches every GET without credentials, a stream's upgrade or request included. */
const cachesStreams = (a: Applied): boolean => a.bases?.includes('CacheInterceptor') === true && !a.customKey;

/**
 * FW2406: a `CacheInterceptor` (with its default key) reaching an `@Sse()` or `@Ws()` route,
 * from the route's own `@UseInterceptors` (reported there), its controller's, or a global
 * registration (reported at the route's decorator). The cache would keep the stream's iterable
 * and hand it to every client with the same key. A cache with its own `key` may leave streams
 * out, so it is not reported.
 *
 * @example
 * checkStreamCaches(ir, graph) // [FW2406 at @Sse('/events') of ChatController.events: CacheInterceptor on ChatController]
 */
export function checkStreamCaches(ir: ProgramIR, graph: ModuleGraph): Diagnostic[] {
  const global = globalLayers(ir, graph).interceptors.some(cachesStreams);
  const cacheIn = (refs: readonly ChainRef[]): ChainRef | undefined =>
    refs.find((r) => r.kind === 'class' && cachesStreams(appliedClass(ir.classes.get(r.cls.key))));
  const out: Diagnostic[] = [];
  for (const cls of reachableControllersOf(ir, graph, 'http')) {
    const onClass = cacheIn(cls.controller.chain.interceptors);
    for (const route of cls.controller.routes) {
      if (!route.stream) continue;
      const own = cacheIn(route.chain.interceptors);
      const at: SourceLocation | undefined = own?.kind === 'class' ? own.cls.location : onClass || global ? route.decoratorLocation : undefined;
      if (!at) continue;
      const name = (ref: ChainRef | undefined): string => (ref?.kind === 'class' ? ir.classes.get(ref.cls.key)?.ref.name : undefined) ?? 'CacheInterceptor';
      const via = own ? `@UseInterceptors(${name(own)}) on the method` : onClass ? `@UseInterceptors(${name(onClass)}) on ${cls.ref.name}` : 'registered for every route';
      const where = own ? 'on this stream route' : onClass ? `on the class ${cls.ref.name}` : 'globally';
      out.push(diagnostic('FW2406', at, { handler: `${cls.ref.name}.${route.methodName}`, route: route.stream.kind === 'sse' ? 'an @Sse()' : 'a @Ws()', via, where }));
    }
  }
  return out;
}
