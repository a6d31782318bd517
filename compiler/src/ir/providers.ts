/** Providers as written: DI tokens, constructor parameters, factories, classes and their `{ token, use… }` entries. Plain data, as the rest of the IR (see `index.ts`). */

import type { ControllerIR } from './controllers.js';
import type { ClassUse, SourceLocation, ValueRef } from './source.js';

/** A DI token as written in the sources. */
export type TokenIR =
  | { readonly kind: 'class'; readonly ref: ValueRef }
  | { readonly kind: 'string'; readonly value: string }
  /** An importable const (`export const CONFIG = Symbol('CONFIG')`). */
  | { readonly kind: 'const'; readonly ref: ValueRef }
  | { readonly kind: 'global-guard' }
  | { readonly kind: 'global-interceptor' }
  /** Not importable (a local const, a call): emitted as `injectableToken(Module, index)`; `key` gives identity. */
  | { readonly kind: 'opaque'; readonly key: string; readonly text: string };

/** One constructor parameter of a provider class. */
export interface CtorParamIR {
  readonly name: string;
  readonly index: number;
  /** The declared type as written, for messages (`TodoService`, `string`). */
  readonly typeText: string;
  /** The token to inject, from `@Inject(token)` or from a class type; absent when none can be derived. */
  readonly token?: TokenIR;
  /** Why the type cannot be a token (set when `token` is absent). */
  readonly problem?: string;
  /** True when the declared type is exactly the class of `token` (the emitted cast can name it). */
  readonly typeIsToken: boolean;
  readonly location: SourceLocation;
  /**
   * What the dependency is for, when it is not a constructor parameter: an element of a factory's
   * `inject` list (messages say `inject[i]`), or the target of a `useExisting` alias.
   */
  readonly role?: 'inject' | 'existing';
}

/** A `{ token, useFactory, inject }` entry's factory, as the compiler read it. */
export interface FactoryIR {
  /** One per `inject` element, as dependencies (location: the element). */
  readonly inject: readonly CtorParamIR[];
  /** The factory is `async` or returns a promise: `init` awaits it. */
  readonly async: boolean;
}

/** A class a module or a chain decorator names: anything that may become a provider. */
export interface ClassIR {
  readonly ref: ValueRef;
  /** Start of the declaration, decorators included (the `source` of its provider). */
  readonly location: SourceLocation;
  /** The class name, where diagnostics about the class point. */
  readonly nameLocation: SourceLocation;
  /** Declared in a file under the source directory (as opposed to a package). */
  readonly inSources: boolean;
  readonly abstract: boolean;
  /** From `@Injectable({ scope: SCOPE.REQUEST })`. */
  readonly requestScoped: boolean;
  /** Parameters of its own constructor or of the nearest base class that declares one. */
  readonly ctorParams: readonly CtorParamIR[];
  /** Names of its instance methods, inherited ones included (FW1810: a chain class without its method). */
  readonly methods: readonly string[];
  /** The framework classes it is or extends, nearest first (`['ThrottlerGuard', 'AuthGuard']`): which layer it is. */
  readonly frameworkBases?: readonly string[];
  /** Locations where a `canActivate(context)` reads the V1 `context.request`. */
  readonly readsContextRequest: readonly { readonly param: string; readonly location: SourceLocation }[];
  readonly controller?: ControllerIR;
}

/** How a `{ token, use… }` entry that is not `useClass` gives its value, as written (for diagnostics about it). */
export interface ProvidedValueIR {
  readonly property: 'useValue' | 'useFactory' | 'useExisting';
  /** `useValue: new AuthGuard()`, on one line. */
  readonly text: string;
  /** The class the value evidently is (`new AuthGuard()`, `useExisting: AuthGuard`), for hints. */
  readonly className?: string;
  /** The property, where diagnostics about the entry point. */
  readonly location: SourceLocation;
}

export type InjectableIR =
  | { readonly kind: 'class'; readonly index: number; readonly cls: ClassUse; readonly location: SourceLocation }
  | { readonly kind: 'useClass'; readonly index: number; readonly token: TokenIR; readonly cls: ClassUse; readonly location: SourceLocation }
  | { readonly kind: 'useValue'; readonly index: number; readonly token: TokenIR; readonly location: SourceLocation; readonly value?: ProvidedValueIR }
  /** `{ token, useFactory, inject }`: created by calling the factory with the `inject` instances. */
  | { readonly kind: 'useFactory'; readonly index: number; readonly token: TokenIR; readonly location: SourceLocation; readonly value: ProvidedValueIR; readonly factory: FactoryIR }
  /** `{ token, useExisting: Other }`: the instance of `Other` under a second token. */
  | { readonly kind: 'useExisting'; readonly index: number; readonly token: TokenIR; readonly location: SourceLocation; readonly value: ProvidedValueIR; readonly target: CtorParamIR }
  /**
   * A `GLOBAL_GUARD` entry written with `useFactory` or `useExisting`, which the runtime does not
   * support: kept (it provides nothing) so that FW1303 and FW1302 can name it.
   */
  | { readonly kind: 'unsupported'; readonly index: number; readonly token: TokenIR; readonly location: SourceLocation; readonly value: ProvidedValueIR };
