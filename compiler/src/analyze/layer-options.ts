import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ChainRef, ClassIR, LayerOptionIR, ProgramIR, SourceLocation } from '../ir/index.js';
import type { GrpcServiceModel } from './model.js';
import { reachableControllers, type ModuleGraph } from './module-graph.js';

/** A guard or interceptor applied somewhere: the framework classes it is (absent: unknown, so it may be any). */
export interface Applied {
  readonly bases?: readonly string[];
  /** Its options may pick which calls it acts on (a `CacheInterceptor` with its own `key`). */
  readonly customKey: boolean;
}

/** The layer that reads each option decorator. */
const READER: Readonly<Record<LayerOptionIR['name'], { readonly kind: 'interceptor' | 'guard'; readonly layer: string }>> = {
  Timeout: { kind: 'interceptor', layer: 'TimeoutInterceptor' },
  CacheTTL: { kind: 'interceptor', layer: 'CacheInterceptor' },
  Throttle: { kind: 'guard', layer: 'ThrottlerGuard' },
  SkipThrottle: { kind: 'guard', layer: 'ThrottlerGuard' },
};

/** One handler as these checks see it. */
interface Handler {
  readonly owner: string;
  readonly interceptors: readonly Applied[];
  readonly guards: readonly Applied[];
  /** `GET`, `POST`, … for a route; absent for an RPC. */
  readonly httpMethod?: string;
  /** The handler is declared to return a `Response`, which the cache never keeps. */
  readonly returnsResponse?: true;
  /** For an RPC answered with a stream: `todo.TodoService/Watch`, and its kind in words. */
  readonly stream?: { readonly rpc: string; readonly kind: string };
  /** For an `@Sse()` or `@Ws()` route: which. */
  readonly httpStream?: 'sse' | 'websocket';
}

const covers = (applied: readonly Applied[], layer: string): boolean => applied.some((a) => a.bases === undefined || a.bases.includes(layer));

/**
 * FW2301-FW2303: an option decorator whose layer never runs where it is written (`@Timeout(ms)`
 * without a `TimeoutInterceptor`, `@Throttle` without the `ThrottlerGuard`), a timeout on an RPC
 * that answers with a stream (it only bounds the time until the stream is returned), and a cache
 * on a route the `CacheInterceptor` never caches (not a GET). Warnings: the app runs, but not as
 * written. A layer whose class the compiler cannot tell (`useValue: makeInterceptor()`) counts as
 * any layer, so nothing is reported that might be wrong.
 *
 * @example
 * checkLayerOptions(ir, graph, grpc.services) // [FW2301 at @Timeout(200) on ReportController.build: no TimeoutInterceptor runs there]
 */
export function checkLayerOptions(ir: ProgramIR, graph: ModuleGraph, services: readonly GrpcServiceModel[]): Diagnostic[] {
  const global = globalLayers(ir, graph);
  const streams = new Map(services.flatMap((s) => s.methods.flatMap((m) => (m.streamKind ? [[`${m.controllerRef.key}#${m.methodName}`, { rpc: `${s.service}/${m.rpc}`, kind: m.streamKind }] as const] : []))));
  const out: Diagnostic[] = [];
  for (const cls of reachableControllers(ir, graph)) {
    const controller = cls.controller;
    const applied = (refs: readonly ChainRef[]): Applied[] => refs.flatMap((r) => (r.kind === 'class' ? [appliedClass(ir.classes.get(r.cls.key))] : []));
    const classInterceptors = [...global.interceptors, ...applied(controller.chain.interceptors)];
    const classGuards = [...global.guards, ...applied(controller.chain.guards)];
    const handlers: Handler[] = [];
    const own = controller.family === 'http' ? controller.routes : controller.methods;
    for (const h of own) {
      const stream = streams.get(`${cls.ref.key}#${h.methodName}`);
      const handler: Handler = {
        owner: `${cls.ref.name}.${h.methodName}`,
        interceptors: [...classInterceptors, ...applied(h.chain.interceptors)],
        guards: [...classGuards, ...applied(h.chain.guards)],
        ...('httpMethod' in h ? { httpMethod: h.httpMethod } : {}),
        ...('httpMethod' in h && h.returns?.kind === 'response' ? { returnsResponse: true as const } : {}),
        ...(stream ? { stream } : {}),
        ...('stream' in h && h.stream ? { httpStream: h.stream.kind } : {}),
      };
      handlers.push(handler);
      for (const option of h.chain.layerOptions ?? []) out.push(...checkOption(option, [handler], cls, h.methodName));
      for (const ref of h.chain.interceptors) {
        if (ref.kind === 'class') out.push(...checkLayerUse(ir.classes.get(ref.cls.key), ref.cls.location, handler));
      }
    }
    if (handlers.length === 0) continue;
    for (const option of controller.chain.layerOptions ?? []) out.push(...checkOption(option, handlers, cls));
  }
  return out;
}

/** One option decorator over the handlers it applies to: those of its controller, or the one of its `method`. */
function checkOption(option: LayerOptionIR, handlers: readonly Handler[], cls: ClassIR, method?: string): Diagnostic[] {
  const { kind, layer } = READER[option.name];
  const what = option.text;
  const owner = method ? `${cls.ref.name}.${method}` : cls.ref.name;
  if (option.name === 'Timeout' && handlers.every((h) => h.stream)) return [streamedTimeout(option.location, what, owner, handlers[0]!)];
  if (option.name === 'Timeout' && handlers.every((h) => h.httpStream)) return [streamRouteTimeout(option.location, what, owner, handlers[0]!)];
  if (option.name === 'CacheTTL' && !handlers.some((h) => cacheable(h))) return [uncacheable(option.location, what, owner, handlers)];
  if (handlers.some((h) => covers(kind === 'guard' ? h.guards : h.interceptors, layer))) return [];
  const scope = !method ? `any handler of ${cls.ref.name}` : handlers[0]!.httpMethod ? 'this route' : 'this RPC';
  return [diagnostic('FW2301', option.location, { what, owner, layer, kind, scope, controller: cls.ref.name, ...(method ? { method } : {}) })];
}

/** `@UseInterceptors(TimeoutInterceptor)` on a streamed RPC, `@UseInterceptors(CacheInterceptor)` on a route it never caches. */
function checkLayerUse(used: ClassIR | undefined, at: SourceLocation, handler: Handler): Diagnostic[] {
  const bases = used?.frameworkBases ?? [];
  const what = `@UseInterceptors(${used?.ref.name ?? ''})`;
  if (bases.includes('TimeoutInterceptor') && handler.stream) return [streamedTimeout(at, what, handler.owner, handler)];
  if (bases.includes('TimeoutInterceptor') && handler.httpStream) return [streamRouteTimeout(at, what, handler.owner, handler)];
  // Only the framework's own class surely keeps the default key (a subclass may pass its own).
  if (bases[0] === 'CacheInterceptor' && used?.inSources === false && !cacheable(handler)) return [uncacheable(at, what, handler.owner, [handler])];
  return [];
}

function streamedTimeout(at: SourceLocation, what: string, owner: string, handler: Handler): Diagnostic {
  return diagnostic('FW2302', at, { what, owner, rpc: handler.stream!.rpc, kind: handler.stream!.kind });
}

/** FW2407: a timeout on an `@Sse()` or `@Ws()` route, which it stops timing once the stream starts. */
function streamRouteTimeout(at: SourceLocation, what: string, owner: string, handler: Handler): Diagnostic {
  const kind = handler.httpStream!;
  return diagnostic('FW2407', at, { what, owner, handler: handler.owner, kind, route: kind === 'sse' ? 'an @Sse()' : 'a @Ws()' });
}

/** A handler whose calls the cache may keep: a GET (or `@All`) route, or any handler under a cache with its own key. */
const cacheable = (h: Handler): boolean =>
  !h.returnsResponse && (h.httpMethod === 'GET' || h.httpMethod === 'ALL' || h.interceptors.some((a) => (a.bases === undefined || a.bases.includes('CacheInterceptor')) && a.customKey));

function uncacheable(at: SourceLocation, what: string, owner: string, handlers: readonly Handler[]): Diagnostic {
  if (handlers.every((h) => h.returnsResponse)) {
    return diagnostic('FW2303', at, { what, owner, why: 'it returns a Response, which the CacheInterceptor never keeps (it keeps returned values only)', response: 'yes' });
  }
  const methods = [...new Set(handlers.map((h) => h.httpMethod ?? 'gRPC'))];
  const grpc = methods.length === 1 && methods[0] === 'gRPC';
  const answers = grpc ? 'it serves gRPC calls' : `it answers ${methods.filter((m) => m !== 'gRPC').join(' and ')} calls`;
  const why = `${answers}, and the CacheInterceptor caches only HTTP GET calls without credentials (its default key)`;
  return diagnostic('FW2303', at, { what, owner, why, method: grpc ? 'gRPC call' : methods[0]! });
}

/** The interceptor or guard a chain class is. */
export function appliedClass(cls: ClassIR | undefined): Applied {
  if (!cls?.frameworkBases) return { customKey: true };
  // A subclass of the framework's cache may pass its own key to `super`.
  return { bases: cls.frameworkBases, customKey: cls.inSources };
}

/** The layers of every handler: `GLOBAL_INTERCEPTOR` and `GLOBAL_GUARD` entries, and `app.useGlobalInterceptors(…)`. */
export function globalLayers(ir: ProgramIR, graph: ModuleGraph): { interceptors: Applied[]; guards: Applied[] } {
  const interceptors: Applied[] = (ir.appInterceptors ?? []).map((a) => ({ ...(a.bases ? { bases: a.bases } : {}), customKey: a.customKey }));
  const guards: Applied[] = [];
  for (const module of graph.order) {
    for (const entry of module.injectables) {
      if (entry.kind === 'class') continue;
      const target = entry.token.kind === 'global-interceptor' ? interceptors : entry.token.kind === 'global-guard' ? guards : undefined;
      // A value made by the user's code (`useValue`, `useFactory`) may be any layer.
      target?.push(entry.kind === 'useClass' ? appliedClass(ir.classes.get(entry.cls.key)) : { customKey: true });
    }
  }
  return { interceptors, guards };
}
