/**
 * Which origins may read the answers: `'*'` (any, never with `credentials`), one origin, a list,
 * a RegExp tested against the whole `Origin` header, or a function deciding per origin. An
 * origin is `scheme://host[:port]`, as browsers send it (`http://localhost:5173`).
 */
export type CorsOrigins = '*' | string | RegExp | readonly (string | RegExp)[] | ((origin: string) => boolean);

/**
 * The CORS settings of `CorsModule.forRoot(...)`, the application option `cors`, and (in part)
 * `@Cors(...)` on a controller or a handler.
 *
 * @example
 * new FrameworkApplication(tables, {
 *   cors: { origins: ['http://localhost:5173'], credentials: true, maxAge: 600, exposeHeaders: ['X-Request-Id'] },
 * });
 */
export interface CorsOptions {
  /** Who may read the answers; see `CorsOrigins`. Required: there is no implicit `*`. */
  readonly origins: CorsOrigins;
  /**
   * Whether the browser may send cookies and read the answer of a credentialed request
   * (`Access-Control-Allow-Credentials: true`). Refused with `origins: '*'`.
   */
  readonly credentials?: boolean;
  /** How long (seconds) a browser may cache a preflight's answer; unset, browsers use their own 5 s. */
  readonly maxAge?: number;
  /** Response headers a page's script may read beyond the CORS-safelisted ones. */
  readonly exposeHeaders?: readonly string[];
  /**
   * Request headers a page may send (answered to preflights, never reflected from the request).
   * Default `['authorization', 'content-type']`.
   */
  readonly allowHeaders?: readonly string[];
  /**
   * Methods a page may use, among those each path has (default: all of them): a preflight's
   * `Access-Control-Allow-Methods` lists the path's methods that are also here.
   */
  readonly methods?: readonly string[];
}

/**
 * A per-controller or per-handler override read by the compiler from `@Cors(...)`: the fields
 * given replace the application's, or `false` turns CORS off for those routes.
 */
export type CorsOverride = Partial<CorsOptions> | false;

/** The request headers a page may send when `allowHeaders` is not given. */
export const DEFAULT_ALLOW_HEADERS: readonly string[] = Object.freeze(['authorization', 'content-type']);
