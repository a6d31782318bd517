import { recordModule, type ModuleOptions } from './records.js';

/**
 * Declares a module: the controllers it serves, the modules it imports and the injectables it provides.
 * `framework-build` reads it statically; at run time it only records its options.
 *
 * @example
 * @Module({ controllers: [TodoController], injectables: [TodoService] })
 * export class TodoModule {}
 */
export function Module(options: ModuleOptions): ClassDecorator {
  return (target) => recordModule(target, options);
}

/** Lifetimes of an injectable. */
export enum SCOPE {
  /** One instance per application (the default). */
  DEFAULT = 'singleton',
  /** A fresh instance per HTTP request or gRPC call. */
  REQUEST = 'request',
}

/**
 * Marks a class as injectable. Optional for classes listed in a module's `injectables`; needed to
 * choose a scope.
 *
 * @example
 * @Injectable({ scope: SCOPE.REQUEST })
 * export class RequestLog {}
 */
export function Injectable(_options?: { readonly scope?: SCOPE }): ClassDecorator {
  return () => undefined;
}

/**
 * Injects the provider registered under `token` instead of the parameter's declared type.
 *
 * @example
 * constructor(@Inject('CONFIG') private readonly config: AppConfig) {}
 */
export function Inject(_token: unknown): ParameterDecorator {
  return () => undefined;
}

/** Token of the global guard slot: `{ token: GLOBAL_GUARD, useClass: AuthGuard }` in `injectables`. */
export const GLOBAL_GUARD: unique symbol = Symbol('GLOBAL_GUARD');

/**
 * Token of the global interceptors: every `{ token: GLOBAL_INTERCEPTOR, useClass }` (or `useValue`)
 * entry of the application's modules runs around every handler, in module order (root module
 * first), inside the interceptors given to `app.useGlobalInterceptors`.
 *
 * @example
 * @Module({ injectables: [{ token: GLOBAL_INTERCEPTOR, useClass: TimingInterceptor }] })
 * export class AppModule {}
 */
export const GLOBAL_INTERCEPTOR: unique symbol = Symbol('GLOBAL_INTERCEPTOR');
