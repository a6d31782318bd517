import type { ChainIR, ControllerIR, CorsIR } from '../ir/index.js';
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
  const classes = (refs: ChainIR['guards']): number[] => refs.flatMap((r) => (r.kind === 'class' ? [providerOf(r.cls.key)] : []));
  const middleware = [...classChain.middleware, ...own.middleware].map(
    (r): MiddlewareModel => (r.kind === 'class' ? { provider: providerOf(r.cls.key) } : { fn: r.ref }),
  );
  const throttle = classChain.throttle || own.throttle ? { ...classChain.throttle, ...own.throttle } : undefined;
  const merged = skippedThrottlers(classChain.skipThrottle, own.skipThrottle, throttlers);
  // 'unknown' is FW1504, an error: nothing is emitted, so any value does.
  const skipped = merged === 'unknown' ? ['*'] : merged;
  return {
    guards: [...classes(classChain.guards), ...classes(own.guards)],
    interceptors: [...classes(classChain.interceptors), ...classes(own.interceptors)],
    middleware,
    filters: [...classes(own.filters), ...classes(classChain.filters)],
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
