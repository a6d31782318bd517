import { MetadataHelper, SetMetadata } from '../../metadata.js';

/** The mark `@ETag()` leaves on a handler. */
const ETAG_MARK = Symbol('framework.etag');

/**
 * Conditional GET for one route: its 200 answers carry a weak `ETag` computed from their bytes,
 * and a request whose `If-None-Match` names it gets a 304 without a body. The handler still runs
 * (it saves bandwidth, not CPU). `etag: true` in the application's options turns it on for every
 * route. See docs/compression.md.
 *
 * @example
 * @ETag() @Get('/catalogue') catalogue() { return this.products.all(); }
 */
export function ETag(): MethodDecorator {
  return SetMetadata(ETAG_MARK, true) as MethodDecorator;
}

/** Whether `@ETag()` marks this handler. */
export function hasEtagMark(handler: Function): boolean {
  return MetadataHelper.getMetadata<boolean>(ETAG_MARK, handler) === true;
}
