import type { ExecutionContext } from '../contract/execution-context.js';
import { MetadataHelper, SetMetadata } from '../metadata.js';
import type { HandlerEntry } from '../contract/tables.js';

/** The metadata key `@Public()` sets (spec: `SetMetadata('isPublic', true)`). */
export const IS_PUBLIC_KEY = 'isPublic';

/**
 * Marks a handler, or every handler of a controller, as open: authentication guards let it
 * through before looking at any header. The login route must be public.
 *
 * @example
 * @Public() @Post('/login') login(@Body() credentials: LoginDto) {}
 *
 * @Public() @Controller('/health') export class HealthController {}
 */
export const Public = (): ClassDecorator & MethodDecorator => SetMetadata(IS_PUBLIC_KEY, true);

// Metadata is fixed once classes are defined, so the answer is kept per route entry: one WeakMap
// read per call instead of two metadata lookups. Keyed by the entry object, not by handler
// function (an inherited method can be public in one controller and not in another) nor by id
// (ids are per application).
const publicRoutes = new WeakMap<HandlerEntry, boolean>();

/**
 * Whether the handler about to run is `@Public()`: read from the handler first, then its class.
 *
 * @example
 * if (isPublicRoute(context)) return true;
 */
export function isPublicRoute(context: ExecutionContext): boolean {
  const route = context.getRoute();
  let open = publicRoutes.get(route);
  if (open === undefined) {
    const value =
      MetadataHelper.getMetadata<boolean>(IS_PUBLIC_KEY, context.getHandler()) ??
      MetadataHelper.getMetadata<boolean>(IS_PUBLIC_KEY, context.getClass());
    open = value === true;
    publicRoutes.set(route, open);
  }
  return open;
}
