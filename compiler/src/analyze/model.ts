/**
 * What `analyze` hands to `emit`: the application resolved from the root module, with provider
 * indices in dependency order and routes with their chains. Plain data, like the IR.
 */
import type { DtoIR, ParamIR, SourceLocation, TokenIR, ValueRef } from '../ir/types.js';

export interface ProviderModel {
  /** Identity of the provider definition (one per class in the app, one per `useValue` entry). */
  readonly key: string;
  readonly token: TokenIR;
  readonly name: string;
  readonly scope: 'singleton' | 'request';
  readonly deps: readonly number[];
  /** Per constructor parameter: the class to cast the dependency to, or undefined to cast via `ConstructorParameters`. */
  readonly depCasts: readonly (ValueRef | undefined)[];
  /** The class to instantiate; absent for `useValue` entries. */
  readonly cls?: ValueRef;
  /**
   * The module entry that declared it: `injectables[index]` (read with `injectableValue/injectableToken`)
   * or, for a dynamic module's value, `imports[index]` (read with `dynamicModuleValue`).
   */
  readonly entry?: { readonly module: ValueRef; readonly index: number; readonly list: 'injectables' | 'imports' };
  readonly location: SourceLocation;
}

export type MiddlewareModel = { readonly provider: number } | { readonly fn: ValueRef };

export interface RouteModel {
  readonly id: number;
  readonly name: string;
  readonly controller: number;
  readonly controllerRef: ValueRef;
  readonly methodName: string;
  readonly method: string;
  readonly path: string;
  readonly params: readonly ParamIR[];
  readonly readsBody: boolean;
  readonly body?: DtoIR;
  readonly status: number;
  readonly guards: readonly number[];
  readonly middleware: readonly MiddlewareModel[];
  readonly filters: readonly number[];
  readonly throttle?: Readonly<Record<string, { readonly ttl: number; readonly limit: number }>>;
  readonly skipThrottle?: readonly string[];
  readonly location: SourceLocation;
}

export interface AppModel {
  readonly srcDir: string;
  readonly root: ValueRef;
  readonly modules: readonly { readonly module: ValueRef; readonly controllers: readonly ValueRef[] }[];
  readonly providers: readonly ProviderModel[];
  readonly globalGuard?: number;
  readonly routes: readonly RouteModel[];
}
