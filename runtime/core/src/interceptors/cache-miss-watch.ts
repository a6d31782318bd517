import type { ExecutionContext } from '../contract/execution-context.js';

/** What a handler did, on a cache miss, that decides whether its answer may be kept. */
export interface MissWatch {
  /** The `Cache-Control` the handler (or an inner interceptor) set, if any. */
  cacheControl: string | undefined;
  /** Whether the handler took a request header (`@Header`): its answer may differ by it. */
  readHeaders: boolean;
  /** Whether the handler set a cookie: an answer that hands out state is the caller's alone. */
  setsCookie: boolean;
  /** Whether the handler redirected (`context.redirect`): a hit would replay neither status nor `Location`. */
  redirects: boolean;
}

/** Whether what the handler did forbids handing its answer (or failure) to another caller. */
export function keepsToCaller(watch: MissWatch): boolean {
  return watch.readHeaders || watch.setsCookie || watch.redirects || forbidsSharing(watch.cacheControl);
}

/**
 * Watches one call while the handler answers a cache miss: `setResponseHeader('cache-control', …)`
 * is noted, and so are a cookie set or cleared (`setCookie` appends its `Set-Cookie` line) and a
 * redirect (`context.redirect` sets `Location`); with `headers`, so is every header the handler's
 * parameters take (`@Header(name)`, `@Header()`, read through the argument source the call object
 * carries beside the context; guards and interceptors read `context.req` and are not counted). A handler reading headers through
 * `@Req()` is not seen: such a route says what it varies by with `@CacheVary`. The call's own
 * methods are shadowed for this call only; hits pay nothing.
 *
 * @example
 * const watch = watchMiss(context, true);
 * const value = await next();
 * if (!watch.readHeaders && !noStore(watch.cacheControl)) store(value);
 */
export function watchMiss(context: ExecutionContext, headers: boolean): MissWatch {
  const watch: MissWatch = { cacheControl: undefined, readHeaders: false, setsCookie: false, redirects: false };
  const call = context as unknown as Record<string, unknown>;
  // `setCookie`, `setSignedCookie` and `clearCookie` append their line rather than set it.
  for (const member of ['setResponseHeader', 'appendResponseHeader']) {
    const write = call[member];
    if (typeof write !== 'function') continue;
    call[member] = (name: string, value: string) => {
      const lower = String(name).toLowerCase();
      if (lower === 'cache-control') watch.cacheControl = value;
      else if (lower === 'set-cookie') watch.setsCookie = true;
      else if (lower === 'location') watch.redirects = true;
      (write as (name: string, value: string) => void).call(context, name, value);
    };
  }
  if (headers) {
    for (const member of ['header', 'headers']) {
      const read = call[member];
      if (typeof read !== 'function') continue;
      call[member] = (...args: unknown[]) => {
        watch.readHeaders = true;
        return (read as (...a: unknown[]) => unknown).apply(context, args);
      };
    }
  }
  return watch;
}

/** Whether a `Cache-Control` value forbids keeping the answer for others (`no-store`, `private`, `no-cache`). */
export function forbidsSharing(cacheControl: string | undefined): boolean {
  return cacheControl !== undefined && /(?:^|,)\s*(?:no-store|private|no-cache)\b/i.test(cacheControl);
}
