import type { CorsOrigins } from './cors-options.js';

/** Decides whether an origin (already known to be well-formed) may read the answers. */
export type OriginCheck = (origin: string) => boolean;

/** Longest `Origin` header looked at: a scheme, a host name (253 at most) and a port. */
const MAX_ORIGIN_LENGTH = 300;
/** A serialized origin as browsers send it: `scheme://host[:port]`, no path, no trailing slash. */
const serializedOrigin = /^[a-z][a-z0-9+.-]*:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9._~-]+)(?::\d{1,5})?$/;

/**
 * Whether an `Origin` header is a well-formed origin: anything else (`null`, garbage, a path,
 * an oversized value) is refused before any configured check sees it, so no RegExp or function
 * of the user's can let an unchecked value be written back.
 *
 * @example
 * isSerializedOrigin('http://localhost:5173'); // true
 * isSerializedOrigin('null'); // false: sandboxed frames, file: pages and redirects send it
 */
export function isSerializedOrigin(origin: string): boolean {
  return origin.length <= MAX_ORIGIN_LENGTH && serializedOrigin.test(origin);
}

/**
 * The check of the configured origins, or `'*'` for any origin. Throws a TypeError naming the
 * fix when an origin string is not an origin (a path, a trailing slash, `'null'`, `'*'` in a list).
 *
 * @example
 * const check = originCheck(['http://localhost:5173', /^https:\/\/[a-z]+\.example\.com$/]);
 * check !== '*' && check('http://localhost:5173'); // true
 */
export function originCheck(origins: CorsOrigins): OriginCheck | '*' {
  if (origins === '*') return '*';
  if (typeof origins === 'function') return guarded(origins);
  const list = typeof origins === 'string' || origins instanceof RegExp ? [origins] : origins;
  if (!Array.isArray(list)) throw new TypeError(`cors: origins must be '*', an origin, a RegExp, a list of them or a function; got ${typeof origins}.`);
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const origin of list) {
    if (origin instanceof RegExp) patterns.push(anchored(origin));
    else exact.add(checkedOrigin(origin));
  }
  if (patterns.length === 0) return (origin) => exact.has(origin);
  return (origin) => exact.has(origin) || patterns.some((pattern) => pattern.test(origin));
}

/** Origins no configuration lists on purpose (`.invalid` is reserved, RFC 2606): one that passes them lets every origin in. */
const UNLISTABLE_ORIGINS = ['https://any-origin.invalid', 'http://any-origin.invalid:1'];

/**
 * Whether a check lets in origins no one would list: a RegExp such as `/^.+$/` or a function
 * returning `true` for all, which with credentials is `'*'` in disguise. The check is called
 * with two origins under the reserved `.invalid` domain.
 *
 * @example
 * allowsAnyOrigin(originCheck(/^https?:\/\/.+$/) as OriginCheck); // true
 * allowsAnyOrigin(originCheck(['http://localhost:5173']) as OriginCheck); // false
 */
export function allowsAnyOrigin(check: OriginCheck): boolean {
  return UNLISTABLE_ORIGINS.some((origin) => check(origin));
}

/** The configured origins split for a fast path: the listed strings, and whether anything else (a RegExp, a function) may allow more. */
export interface OriginList {
  readonly listed: ReadonlySet<string>;
  readonly unlisted: boolean;
}

/**
 * The origin strings of `origins` (checked as {@link originCheck} checks them), so that a policy can
 * prepare each one's answer at `init`; `unlisted` when a RegExp or a function may allow others.
 *
 * @example
 * originList(['http://localhost:5173', /^https:\/\/[a-z]+\.example\.com$/]);
 * // { listed: Set { 'http://localhost:5173' }, unlisted: true }
 */
export function originList(origins: Exclude<CorsOrigins, '*'>): OriginList {
  if (typeof origins === 'function') return { listed: new Set(), unlisted: true };
  const list = typeof origins === 'string' || origins instanceof RegExp ? [origins] : origins;
  const listed = new Set<string>();
  let unlisted = false;
  for (const origin of list) {
    if (origin instanceof RegExp) unlisted = true;
    else listed.add(checkedOrigin(origin));
  }
  return { listed, unlisted };
}

function checkedOrigin(origin: unknown): string {
  if (origin === '*') throw new TypeError("cors: '*' stands alone (origins: '*'), not in a list; list the origins instead.");
  if (origin === 'null') {
    throw new TypeError("cors: 'null' is not an origin that can be trusted (sandboxed frames and file: pages all send it); list real origins.");
  }
  if (typeof origin !== 'string' || !isSerializedOrigin(origin)) {
    throw new TypeError(
      `cors: ${JSON.stringify(origin)} is not an origin: write scheme://host[:port] in lower case, without a path or a trailing slash (such as 'http://localhost:5173').`,
    );
  }
  return origin;
}

/**
 * A RegExp tested against the whole origin: `/example\.com/` must not let `https://example.com.evil.test`
 * through. Wrapped even when it has its own anchors: in `/^https:\/\/a\.com|https:\/\/b\.com$/`
 * each anchor binds one alternative only.
 */
function anchored(pattern: RegExp): RegExp {
  const whole = `^(?:${pattern.source})$`;
  // No `g` or `y`: a stateful `lastIndex` would make every other test fail.
  return new RegExp(whole, pattern.flags.replace(/[gy]/g, ''));
}

/** A user's function that throws refuses the origin instead of failing the request. */
function guarded(decide: (origin: string) => boolean): OriginCheck {
  return (origin) => {
    try {
      return decide(origin) === true;
    } catch {
      return false;
    }
  };
}
