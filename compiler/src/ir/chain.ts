/** The request chain as declared: guards, interceptors, middleware, filters, throttle annotations and layer options. Plain data, as the rest of the IR (see `index.ts`). */

import type { ClassUse, SourceLocation, ValueRef } from './source.js';

/** A guard, interceptor, middleware or filter reference from `@UseGuard/@UseInterceptors/@Middleware/@UseFilter`. */
export type ChainRef =
  | { readonly kind: 'class'; readonly cls: ClassUse }
  | { readonly kind: 'fn'; readonly ref: ValueRef; readonly location: SourceLocation };

/** A throttler name written in `@Throttle({ name: … })` or `@SkipThrottle({ name: true })`, for FW1501. */
export interface ThrottleNameUse {
  readonly name: string;
  readonly decorator: 'Throttle' | 'SkipThrottle';
  /** For `@SkipThrottle`: the flag written for the name (`false` re-enables it), when static. */
  readonly skip?: boolean;
  /** The property key. */
  readonly location: SourceLocation;
}

/** Chain decorators and throttle annotations found on a class or a method. */
export interface ChainIR {
  readonly guards: readonly ChainRef[];
  /** `@UseInterceptors(...)`: classes only. */
  readonly interceptors: readonly ChainRef[];
  readonly middleware: readonly ChainRef[];
  readonly filters: readonly ChainRef[];
  readonly throttle?: Readonly<Record<string, { readonly ttl: number; readonly limit: number }>>;
  /**
   * `@SkipThrottle()` → `{ '*': true }`, `@SkipThrottle({ burst: true, default: false })` → the flags
   * as written. A name's own flag wins over `'*'`; see `analyze/skip-throttle.ts` for the merge.
   */
  readonly skipThrottle?: Readonly<Record<string, boolean>>;
  /** Every throttler name the throttle decorators mention, with where. */
  readonly throttleNames?: readonly ThrottleNameUse[];
  /** The decorators that set an option a layer reads (`@Timeout`, `@CacheTTL`, `@Throttle`, `@SkipThrottle`), for FW2301-FW2303. */
  readonly layerOptions?: readonly LayerOptionIR[];
  /** `@Cors(...)`, when its argument is static (HTTP routes only). */
  readonly cors?: CorsIR;
}

/** An origin written in `@Cors({ origins })`: a string, or a RegExp literal as written (`/^https:\/\/.*$/i`). */
export type CorsOriginIR = string | { readonly regexp: string };

/** The fields of `@Cors({ … })` as written (literal values only). */
export interface CorsFieldsIR {
  readonly origins?: CorsOriginIR | readonly CorsOriginIR[];
  readonly credentials?: boolean;
  readonly maxAge?: number;
  readonly exposeHeaders?: readonly string[];
  readonly allowHeaders?: readonly string[];
  readonly methods?: readonly string[];
}

/** `@Cors(false)` or `@Cors({ … })` on a class or a method, with where (for FW2605). */
export interface CorsIR {
  readonly value: false | CorsFieldsIR;
  readonly location: SourceLocation;
}

/** A decorator whose only effect is an option read by a layer: `@Timeout(ms)` by the `TimeoutInterceptor`, … */
export interface LayerOptionIR {
  readonly name: 'Timeout' | 'CacheTTL' | 'Throttle' | 'SkipThrottle';
  /** The decorator as written, on one line (`@Timeout(200)`). */
  readonly text: string;
  readonly location: SourceLocation;
}

/** An interceptor given to `app.useGlobalInterceptors(…)` in the sources. */
export interface AppInterceptorIR {
  /** The framework classes it is or extends (`['CacheInterceptor']`); absent when its class cannot be told. */
  readonly bases?: readonly string[];
  /** Its options may choose which calls it acts on (`new CacheInterceptor({ key })`, or a value made elsewhere). */
  readonly customKey: boolean;
  readonly location: SourceLocation;
}
