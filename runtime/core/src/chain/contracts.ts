import type { HandlerEntry } from '../contract/tables.js';
import type { Class } from '../types/class.js';
import type { ExecutionContext } from '../contract/execution-context.js';

/**
 * A guard decides whether a call is processed. `false` is answered with a ForbiddenException;
 * a thrown HttpException is answered as such.
 *
 * @example
 * export class ApiKeyGuard implements AuthGuard {
 *   canActivate(context: ExecutionContext) { return context.req?.header('x-api-key') === 'secret'; }
 * }
 */
export interface AuthGuard {
  canActivate(context: ExecutionContext): boolean | Promise<boolean>;
}

/**
 * A guard that does its per-route work once: `prepareRoute` is called at `init` for every
 * handler the guard applies to (a singleton guard; a request-scoped one is built per call and
 * is not prepared), so that `canActivate` only looks the result up.
 *
 * @example
 * export class RoleGuard implements RouteAwareGuard {
 *   private readonly roles = new Map<number, string>();
 *   prepareRoute(route: HandlerEntry) { this.roles.set(route.id, MetadataHelper.getMetadata('role', route.handler) ?? 'user'); }
 *   canActivate(context: ExecutionContext) { return hasRole(context, this.roles.get(context.getRoute().id)!); }
 * }
 */
export interface RouteAwareGuard extends AuthGuard {
  prepareRoute(route: HandlerEntry): void;
}

/**
 * A middleware class: runs before the guards. Call `next()` to continue (it resolves with the
 * handler's result); return without calling it to answer with your own return value.
 *
 * @example
 * export class Timer implements FrameworkMiddleware {
 *   async action(context: ExecutionContext, next: () => Promise<unknown>) {
 *     const start = performance.now();
 *     const result = await next();
 *     context.setResponseHeader('x-time', String(performance.now() - start));
 *     return result;
 *   }
 * }
 */
export interface FrameworkMiddleware {
  action(context: ExecutionContext, next: () => Promise<unknown>): unknown;
}

/**
 * An interceptor runs around the handler, after the guards: `next()` runs the rest (the inner
 * interceptors, body validation and the handler) and resolves with the handler's result, which
 * the interceptor returns as it is, transformed, or replaced. It may also answer without calling
 * `next()` (a cache hit), or call it again (a retry). An error thrown inside reaches the filters.
 *
 * @example
 * export class Envelope implements Interceptor {
 *   async intercept(context: ExecutionContext, next: () => Promise<unknown>) {
 *     return { data: await next() };
 *   }
 * }
 */
export interface Interceptor {
  intercept(context: ExecutionContext, next: () => Promise<unknown>): unknown;
}

/**
 * An interceptor that does its per-route work once: `prepareRoute` is called at `init` for every
 * handler it applies to (a singleton or an instance given to `app.useGlobalInterceptors`), so that
 * `intercept` only looks the result up.
 *
 * @example
 * export class Timing implements RouteAwareInterceptor {
 *   private readonly labels = new Map<number, string>();
 *   prepareRoute(route: HandlerEntry, controller: Class) { this.labels.set(route.id, `${controller.name}.${route.handler.name}`); }
 *   async intercept(context: ExecutionContext, next: () => Promise<unknown>) { … }
 * }
 */
export interface RouteAwareInterceptor extends Interceptor {
  prepareRoute(route: HandlerEntry, controller: Class, facts: RouteFacts): void;
}

/** What init knows about a route's chain beyond its table entry, for `prepareRoute`. */
export interface RouteFacts {
  /**
   * Whether guards (the route's, its controller's or the global one) or middleware run before the
   * interceptors: either may have read the caller (a token, an API key into the call's state).
   */
  readonly guarded: boolean;
  /**
   * The request headers that carry credentials in this application: the well-known names and
   * those its providers declare (`CredentialSource`, such as `ApiKeyModule`'s header).
   */
  readonly credentialHeaders?: readonly string[];
}

/**
 * An exception filter: returns the answer for an error (a value or a `Response`), or `undefined`
 * to pass the error on to the next filter and finally to the default answer.
 *
 * @example
 * @Catch(NotFoundException)
 * export class EmptyOnNotFound implements ExceptionFilter {
 *   catch() { return []; }
 * }
 */
export interface ExceptionFilter {
  catch(error: unknown, context: ExecutionContext): unknown;
}

/** Called once after `init` on every singleton that has it. */
export interface OnAppBootstrap {
  onAppBootstrap(): unknown;
}

/** Called once on `close()` on every singleton that has it. */
export interface OnAppClose {
  onAppClose(): unknown;
}
