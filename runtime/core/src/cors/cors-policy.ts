import { DEFAULT_ALLOW_HEADERS, type CorsOptions } from './cors-options.js';
import { allowsAnyOrigin, isSerializedOrigin, originCheck, originList, type OriginCheck, type OriginList } from './cors-origins.js';
import { frozenHeaders, isToken, NO_HEADERS, type HeaderRecord } from './header-list.js';

/** What a preflight is answered: its status and headers, and for a refusal why (never echoing the request). */
export interface PreflightAnswer {
  /** 204 allowed; 403 refused (origin, method or header); 404 no route has this path. */
  readonly status: 204 | 403 | 404;
  readonly headers: HeaderRecord;
  /** A refusal's reason, as a plain sentence for the body or a log; undefined when allowed. */
  readonly reason?: string;
}

/**
 * The CORS policy of one route (or of the application), prepared once: `corsHeadersFor` for
 * ordinary answers, `preflight` for `OPTIONS` requests with `Access-Control-Request-Method`.
 * Host-neutral: it reads strings and returns header lists; the HTTP pipeline writes them.
 */
export interface CorsPolicy {
  /** The origins checked, the credentials flag and the rest, as resolved. */
  readonly options: CorsOptions;
  /**
   * The CORS headers of an ordinary answer to a request with this `Origin` header (or none):
   * `Access-Control-Allow-Origin` (+ credentials, exposed headers) for an allowed origin, and
   * `Vary: Origin` whenever the answer depends on the origin, for allowed and refused alike.
   */
  corsHeadersFor(origin: string | undefined): HeaderRecord;
  /**
   * The answer to a preflight. `allowedMethods` are the methods the request's path has in the
   * route table (undefined or empty: no route has this path, a 404).
   */
  preflight(origin: string | undefined, requestMethod: string | undefined, requestHeaders: string | undefined, allowedMethods: readonly string[] | undefined): PreflightAnswer;
}

/** A path's methods a page may use: the answered line, and the set checked (methods are case-sensitive). */
interface PathMethods {
  readonly line: string;
  readonly set: ReadonlySet<string>;
  /** The allowed preflight answer of each listed origin (or `*`), made at its first preflight and shared after. */
  readonly answers: Map<string, PreflightAnswer>;
}

/** At most this many names in `Access-Control-Request-Headers`, and this long in all. */
const MAX_REQUESTED_HEADERS = 64;
const MAX_REQUESTED_HEADERS_LENGTH = 4096;
/** At most this many distinct allowed `Access-Control-Request-Headers` lines are kept, so that no client can grow the set. */
const MAX_KEPT_HEADER_LINES = 32;
/** At most this many lists of a path's methods are kept (a table has few distinct ones). */
const MAX_KEPT_METHOD_LISTS = 64;
/** Longest method name looked at. */
const MAX_METHOD_LENGTH = 32;

const VARY_ORIGIN = frozenHeaders({ vary: 'Origin' });
const PREFLIGHT_VARY = 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers';
const NOT_FOUND: PreflightAnswer = Object.freeze({ status: 404, headers: NO_HEADERS, reason: 'No route has this path.' });

/**
 * Checks `options` and prepares the policy: a TypeError names what to change (`credentials` with
 * `origins: '*'`, an origin with a path, a negative `maxAge`, a header name that is not a token).
 * Called at `init`, so a configuration read from the environment fails the start, not a request.
 *
 * @example
 * const cors = prepareCors({ origins: ['http://localhost:5173'], credentials: true });
 * cors.corsHeadersFor('http://localhost:5173');
 * // { 'access-control-allow-origin': 'http://localhost:5173', 'access-control-allow-credentials': 'true', vary: 'Origin' }
 * cors.preflight('http://localhost:5173', 'DELETE', 'authorization', ['GET', 'DELETE']).status; // 204
 */
export function prepareCors(options: CorsOptions): CorsPolicy {
  if (options === null || typeof options !== 'object' || !('origins' in options)) {
    throw new TypeError("cors: give the origins allowed to read the answers, such as { origins: ['http://localhost:5173'] }.");
  }
  const check = originCheck(options.origins);
  const credentials = options.credentials === true;
  if (credentials && check === '*') {
    throw new TypeError(
      "cors: credentials: true with origins: '*' would let every site read answers made with your users' cookies; list the origins allowed (such as CORS_ORIGINS=https://app.example.com).",
    );
  }
  // A RegExp or function that lets any origin in is '*' with the origin copied back: the same hole.
  if (credentials && check !== '*' && allowsAnyOrigin(check)) {
    throw new TypeError(
      'cors: credentials: true with origins that let any origin in (a RegExp such as /.*/, or a function returning true for all) would let every site read answers made with your users\' cookies; anchor the RegExp to your domains or list the origins.',
    );
  }
  const maxAge = options.maxAge;
  if (maxAge !== undefined && !(Number.isInteger(maxAge) && maxAge >= 0)) {
    throw new TypeError(`cors: maxAge is a whole number of seconds, 0 or more; got ${String(maxAge)}.`);
  }
  const allowHeaders = headerNames('allowHeaders', options.allowHeaders ?? DEFAULT_ALLOW_HEADERS);
  const exposeHeaders = headerNames('exposeHeaders', options.exposeHeaders ?? []);
  const methods = options.methods && new Set(headerNames('methods', options.methods, false));
  const origins = check === '*' ? { listed: new Set<string>(), unlisted: false } : originList(options.origins as Exclude<CorsOptions['origins'], '*'>);
  return new PreparedCors(options, check, origins, credentials, maxAge, allowHeaders, exposeHeaders, methods);
}

function headerNames(field: string, names: readonly string[], lower = true): string[] {
  if (!Array.isArray(names)) throw new TypeError(`cors: ${field} is a list of names; got ${typeof names}.`);
  return names.map((name) => {
    if (typeof name !== 'string' || !isToken(name, 256)) throw new TypeError(`cors: ${field} holds ${JSON.stringify(name)}, which is not a valid header or method name.`);
    return lower ? name.toLowerCase() : name;
  });
}

class PreparedCors implements CorsPolicy {
  /** The headers every allowed answer carries after `Access-Control-Allow-Origin`. */
  private readonly allowedTail: HeaderRecord;
  /** Headers of a successful preflight after the origin and the methods. */
  private readonly preflightTail: HeaderRecord;
  private readonly allowHeaderSet: ReadonlySet<string>;
  /** `Access-Control-Request-Headers` lines already allowed (pages send the same few): each split once, a few kept. */
  private readonly allowedHeaderLines = new Set<string>();
  /**
   * What each list of a path's methods allows, by the list's text: the pipeline hands a fresh array
   * per preflight, but the lists come from the route table, so there are few (and at most 64 kept).
   */
  private readonly methodsByList = new Map<string, PathMethods>();
  private readonly wildcardHeaders: HeaderRecord | undefined;
  /** The headers of an ordinary answer to each listed origin, frozen at init: the common case costs one lookup, no object. */
  private readonly listedHeaders: ReadonlyMap<string, HeaderRecord>;
  /** Whether a RegExp or a function may allow origins beyond the listed ones. */
  private readonly unlisted: boolean;

  constructor(
    readonly options: CorsOptions,
    private readonly check: OriginCheck | '*',
    origins: OriginList,
    credentials: boolean,
    maxAge: number | undefined,
    allowHeaders: readonly string[],
    exposeHeaders: readonly string[],
    private readonly methods: ReadonlySet<string> | undefined,
  ) {
    const tail: Record<string, string> = {};
    if (credentials) tail['access-control-allow-credentials'] = 'true';
    if (exposeHeaders.length > 0) tail['access-control-expose-headers'] = exposeHeaders.join(', ');
    // `*` answers do not depend on the origin: no Vary, so caches keep one copy.
    if (check !== '*') tail.vary = 'Origin';
    this.allowedTail = frozenHeaders(tail);
    this.wildcardHeaders = check === '*' ? frozenHeaders({ 'access-control-allow-origin': '*', ...tail }) : undefined;
    const preflight: Record<string, string> = {};
    if (credentials) preflight['access-control-allow-credentials'] = 'true';
    if (allowHeaders.length > 0) preflight['access-control-allow-headers'] = allowHeaders.join(', ');
    if (maxAge !== undefined) preflight['access-control-max-age'] = String(maxAge);
    preflight.vary = PREFLIGHT_VARY;
    this.preflightTail = frozenHeaders(preflight);
    this.allowHeaderSet = new Set(allowHeaders);
    this.listedHeaders = new Map([...origins.listed].map((origin) => [origin, frozenHeaders({ 'access-control-allow-origin': origin, ...tail })]));
    this.unlisted = origins.unlisted;
  }

  corsHeadersFor(origin: string | undefined): HeaderRecord {
    if (this.wildcardHeaders) return this.wildcardHeaders;
    if (origin === undefined) return VARY_ORIGIN;
    // A listed origin was checked well-formed at init: equal to it, the request's is too.
    const listed = this.listedHeaders.get(origin);
    if (listed !== undefined) return listed;
    if (!this.unlisted || !this.allows(origin)) return VARY_ORIGIN;
    return { 'access-control-allow-origin': origin, ...this.allowedTail };
  }

  preflight(origin: string | undefined, requestMethod: string | undefined, requestHeaders: string | undefined, allowedMethods: readonly string[] | undefined): PreflightAnswer {
    if (allowedMethods === undefined || allowedMethods.length === 0) return NOT_FOUND;
    const allowOrigin = this.check === '*' ? '*' : origin !== undefined && (this.listedHeaders.has(origin) || (this.unlisted && this.allows(origin))) ? origin : undefined;
    if (allowOrigin === undefined) return refusal('The origin is not allowed to call this application.');
    if (requestMethod === undefined || !isToken(requestMethod, MAX_METHOD_LENGTH)) {
      return refusal('Access-Control-Request-Method is missing or is not a method name.');
    }
    const methods = this.methodsOf(allowedMethods);
    if (!methods.set.has(requestMethod)) return refusal('The requested method is not served at this path to other origins.');
    if (requestHeaders !== undefined && !this.allowsHeaders(requestHeaders)) {
      return refusal('A header named in Access-Control-Request-Headers is not allowed.');
    }
    // Listed origins (and `*`) are few and known: their answers are kept; another a RegExp or a function allowed is made afresh.
    const kept = methods.answers.get(allowOrigin);
    if (kept !== undefined) return kept;
    const headers = { 'access-control-allow-origin': allowOrigin, 'access-control-allow-methods': methods.line, ...this.preflightTail };
    if (allowOrigin !== '*' && !this.listedHeaders.has(allowOrigin)) return { status: 204, headers };
    const answer: PreflightAnswer = Object.freeze({ status: 204, headers: Object.freeze(headers) });
    methods.answers.set(allowOrigin, answer);
    return answer;
  }

  private allows(origin: string): boolean {
    return isSerializedOrigin(origin) && (this.check as OriginCheck)(origin);
  }

  private methodsOf(allowed: readonly string[]): PathMethods {
    const key = allowed.join();
    let methods = this.methodsByList.get(key);
    if (methods === undefined) {
      const listed = allowed.filter((method) => !this.methods || this.methods.has(method));
      methods = { line: listed.join(', '), set: new Set(listed), answers: new Map() };
      if (this.methodsByList.size < MAX_KEPT_METHOD_LISTS) this.methodsByList.set(key, methods);
    }
    return methods;
  }

  private allowsHeaders(requested: string): boolean {
    if (this.allowedHeaderLines.has(requested)) return true;
    if (requested.length > MAX_REQUESTED_HEADERS_LENGTH) return false;
    const names = requested.split(',');
    if (names.length > MAX_REQUESTED_HEADERS) return false;
    for (const raw of names) {
      const name = raw.trim().toLowerCase();
      if (name === '') continue;
      if (!this.allowHeaderSet.has(name)) return false;
    }
    if (this.allowedHeaderLines.size < MAX_KEPT_HEADER_LINES) this.allowedHeaderLines.add(requested);
    return true;
  }
}

const refusals = new Map<string, PreflightAnswer>();
/** A refused preflight: no `Access-Control-Allow-*` header, only the Vary that says what it depended on. */
function refusal(reason: string): PreflightAnswer {
  let answer = refusals.get(reason);
  if (!answer) refusals.set(reason, (answer = Object.freeze({ status: 403, headers: frozenHeaders({ vary: PREFLIGHT_VARY }), reason })));
  return answer;
}
