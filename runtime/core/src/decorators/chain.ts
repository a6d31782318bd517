import type { Class } from '../types/class.js';
import type { MiddlewareFunction } from '../contract/tables.js';

type ClassOrMethodDecorator = ClassDecorator & MethodDecorator;
const marker = (() => undefined) as ClassOrMethodDecorator;

/**
 * Runs guards before the handler(s) of a controller or of one method, after the global guard.
 *
 * @example
 * @UseGuard(ApiKeyGuard)
 * @Controller('/admin') export class AdminController {}
 */
export function UseGuard(..._guards: Class[]): ClassOrMethodDecorator {
  return marker;
}

/**
 * Runs interceptors around the handler(s) of a controller or of one method, after the guards:
 * the application's global ones outermost, then the controller's, then the handler's.
 *
 * @example
 * @UseInterceptors(TimeoutInterceptor, CacheInterceptor)
 * @Get() list() {}
 */
export function UseInterceptors(..._interceptors: Class[]): ClassOrMethodDecorator {
  return marker;
}

/**
 * Runs middleware (classes with `action(context, next)` or plain functions) before the guards.
 *
 * @example
 * @Middleware(RequestTimer) @Get() list() {}
 */
export function Middleware(..._middleware: (Class | MiddlewareFunction)[]): ClassOrMethodDecorator {
  return marker;
}

/**
 * Lets exception filters handle errors of a controller or a handler. The handler's filters are
 * tried before the controller's, then the application's global ones.
 *
 * @example
 * @UseFilter(NotFoundAsEmptyList) @Get() list() {}
 */
export function UseFilter(..._filters: Class[]): ClassOrMethodDecorator {
  return marker;
}

const catchTypes = new WeakMap<Function, readonly Function[]>();

/**
 * Restricts a filter class to the given error types (instances of them or their subclasses).
 *
 * @example
 * @Catch(NotFoundException)
 * export class NotFoundFilter implements ExceptionFilter { catch(error, context) { … } }
 */
export function Catch(...types: Function[]): ClassDecorator {
  return (target) => {
    catchTypes.set(target, types);
  };
}

/** The error types a filter class accepts; empty means every error. Read once at init. */
export function caughtTypesOf(filter: Function): readonly Function[] {
  return catchTypes.get(filter) ?? [];
}
