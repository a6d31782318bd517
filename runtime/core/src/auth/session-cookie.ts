import { parseCookie } from 'cookie';
import type { CorsOrigins } from '../cors/cors-options.js';
import { allowsAnyOrigin, isSerializedOrigin, originCheck, type OriginCheck } from '../cors/cors-origins.js';
import type { ExecutionContext } from '../contract/execution-context.js';
import { HttpException } from '../exceptions/http-exception.js';

/**
 * Where `JwtAuthGuard` also finds the token: a cookie set by your login route (`HttpOnly`,
 * `SameSite=Lax`). `origins` are the other origins allowed to make unsafe requests with it: the
 * pages your CORS settings let in (give them the same list).
 *
 * @example
 * JwtModule.forRoot({ secret: jwtSecretFromEnv(), cookie: { name: 'session', origins: ['http://localhost:5173'] } })
 */
export interface JwtCookieOptions {
  readonly name: string;
  readonly origins?: CorsOrigins;
}

/**
 * A `Cookie` header longer than this is not read: 16 KiB, Node's limit on all headers and
 * `@Cookie`'s. A site's other cookies (analytics, consent) often pass 8 KiB; the session must still be found.
 */
export const MAX_COOKIE_HEADER_LENGTH = 16 * 1024;

/** Methods that change nothing (RFC 9110 §9.2.1): never refused for their origin. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const cookieName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

/**
 * The session cookie, prepared once from `JwtModule.forRoot({ cookie })`: its name, and the check
 * of the origins allowed besides the application's own.
 */
export class SessionCookie {
  readonly name: string;
  private readonly others: OriginCheck | undefined;

  /** Throws a TypeError naming the fix when the name is not a cookie name or an origin is not one. */
  constructor(setting: string | JwtCookieOptions) {
    const options = typeof setting === 'string' ? { name: setting } : setting;
    if (typeof options?.name !== 'string' || !cookieName.test(options.name)) {
      throw new TypeError(`JwtModule.forRoot: cookie must be a cookie name such as 'session' (letters, digits, - or _); got ${JSON.stringify(options?.name)}.`);
    }
    this.name = options.name;
    const check = options.origins === undefined ? undefined : originCheck(options.origins);
    if (check === '*') {
      throw new TypeError("JwtModule.forRoot: cookie.origins cannot be '*': any site could then make your users' browsers act for them; list the origins.");
    }
    if (check !== undefined && allowsAnyOrigin(check)) {
      throw new TypeError('JwtModule.forRoot: cookie.origins lets any origin in (a RegExp such as /.*/, or a function returning true for all), as \'*\' would: anchor the RegExp to your domains or list the origins.');
    }
    this.others = check;
  }

  /**
   * The token in the call's session cookie, or undefined: no cookie, a `Cookie` header that is
   * oversized or holds no such cookie (parsed by the `cookie` package, RFC 6265), or a gRPC call.
   */
  tokenOf(context: ExecutionContext): string | undefined {
    if (context.grpcMetadata) return undefined;
    const header = context.req.header('cookie');
    if (header === undefined || header.length > MAX_COOKIE_HEADER_LENGTH || !header.includes(this.name)) return undefined;
    const value = parseCookie(header)[this.name];
    return value !== undefined && value.length > 0 ? value : undefined;
  }

  /**
   * Throws a 403 when a call authenticated by the cookie may have been sent by another site's
   * page (OWASP's "verifying origin with standard headers"): an unsafe method, or a WebSocket
   * upgrade, whose `Origin` is neither the application's own origin nor one of `origins`;
   * without `Origin`, only `Sec-Fetch-Site: same-origin` passes.
   */
  assertSameOrigin(context: ExecutionContext): void {
    if (context.grpcMetadata) return;
    const req = context.req;
    const upgrade = req.header('upgrade') !== undefined;
    if (SAFE_METHODS.has(req.method) && !upgrade) return;
    const origin = req.header('origin');
    const site = req.header('sec-fetch-site');
    if (origin === undefined ? site === 'same-origin' : this.trusts(origin, req.url, site)) return;
    throw new CrossSiteRequestException();
  }

  private trusts(origin: string, url: string, site: string | undefined): boolean {
    if (!isSerializedOrigin(origin)) return false;
    if (this.others?.(origin)) return true;
    // An Origin claiming the application's own while the browser says the request came from
    // another site: no browser sends both (a redirect through another site makes Origin `null`),
    // so the pair is forged or from a browser that kept the first page's Origin; refused.
    if (site === 'cross-site' || site === 'same-site') return false;
    return URL.canParse(url) && new URL(url).origin === origin;
  }
}

/** The 403 of a cookie-authenticated request from another site. */
export class CrossSiteRequestException extends HttpException {
  constructor() {
    super(403, 'This request was authenticated by a cookie but comes from another site (its Origin is not allowed); send the token in the Authorization header, or call from an allowed origin.');
    this.name = 'ForbiddenException';
  }
}
