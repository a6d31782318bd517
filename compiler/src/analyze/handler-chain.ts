import type { ChainIR, ChainRef, ClassUse, ControllerIR, CorsIR, SourceLocation } from '../ir/index.js';
import type { HandlerChainModel, MiddlewareModel } from './model.js';
import { skippedThrottlers, type DeclaredThrottlers } from './skip-throttle.js';

/**
 * Merges the class-level and handler-level chain of one handler, in the order the runtime runs
 * them: guards, interceptors and middleware class first, filters handler first (most specific first); throttle
 * rules handler over class; `@SkipThrottle` flags per throttler, handler over class (see
 * {@link skippedThrottlers}, which needs the application's throttler names).
 *
 * @example
 * handlerChain(controller.chain, route.chain, providerOf, throttlers) // { guards: [3, 5], middleware: [{ provider: 2 }], filters: [], … }
 */
export function handlerChain(classChain: ChainIR, own: ChainIR, providerOf: (classKey: string) => number, throttlers: DeclaredThrottlers): HandlerChainModel {
  // In run order: class level first, but filters handler first (the most specific catches first).
  const uses = (refs: readonly ChainRef[]): ClassUse[] => refs.flatMap((r) => (r.kind === 'class' ? [r.cls] : []));
  const guards = [...uses(classChain.guards), ...uses(own.guards)];
  const interceptors = [...uses(classChain.interceptors), ...uses(own.interceptors)];
  const filters = [...uses(own.filters), ...uses(classChain.filters)];
  const middlewareRefs = [...classChain.middleware, ...own.middleware];
  const providers = (list: readonly ClassUse[]): number[] => list.map((use) => providerOf(use.key));
  const where = (list: readonly ClassUse[]): SourceLocation[] => list.map((use) => use.location);
  const throttle = classChain.throttle || own.throttle ? { ...classChain.throttle, ...own.throttle } : undefined;
  const merged = skippedThrottlers(classChain.skipThrottle, own.skipThrottle, throttlers);
  // 'unknown' is FW1504, an error: nothing is emitted, so any value does.
  const skipped = merged === 'unknown' ? ['*'] : merged;
  return {
    guards: providers(guards),
    interceptors: providers(interceptors),
    middleware: middlewareRefs.map((r): MiddlewareModel => (r.kind === 'class' ? { provider: providerOf(r.cls.key) } : { fn: r.ref })),
    filters: providers(filters),
    appliedAt: {
      guards: where(guards),
      interceptors: where(interceptors),
      filters: where(filters),
      middleware: middlewareRefs.map((r) => (r.kind === 'class' ? r.cls.location : r.location)),
    },
    ...(throttle ? { throttle } : {}),
    ...(skipped.length > 0 ? { skipThrottle: skipped } : {}),
    ...mergedCors(classChain.cors, own.cors),
  };
}

/** `@Cors` of a handler over its class's: `false` on the handler wins; its fields replace the class's one by one. */
function mergedCors(classCors: CorsIR | undefined, own: CorsIR | undefined): { cors?: CorsIR } {
  if (!own) return classCors ? { cors: classCors } : {};
  if (own.value === false || !classCors || classCors.value === false) return { cors: own };
  return { cors: { value: { ...classCors.value, ...own.value }, location: own.location } };
}

/**
 * The handlers of a controller of any family, with their chains and names (for provider
 * collection and the throttler-name check).
 *
 * @example
 * handlersOf(controller).map((h) => h.methodName) // ['findAll', 'create']
 */
export function handlersOf(controller: ControllerIR): readonly { readonly methodName: string; readonly chain: ChainIR }[] {
  return controller.family === 'http' ? controller.routes : controller.methods;
}
