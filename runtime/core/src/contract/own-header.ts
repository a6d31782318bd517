/**
 * The key of a call's setter for a response header the framework made itself (its name lower-case,
 * its value known to be valid), which sets it without checking it again: the throttler's three
 * headers on every call it counts. A call without one is given the header by `setResponseHeader`.
 *
 * @example
 * const own = (context as Partial<OwnHeaderSetter>)[setOwnHeader];
 * own ? own.call(context, 'x-ratelimit-limit', '100') : context.setResponseHeader('x-ratelimit-limit', '100');
 */
export const setOwnHeader: unique symbol = Symbol('setOwnHeader');

/** A call that takes headers of the framework's making unchecked (see `setOwnHeader`). */
export interface OwnHeaderSetter {
  [setOwnHeader](lowerCaseName: string, value: string): void;
}
