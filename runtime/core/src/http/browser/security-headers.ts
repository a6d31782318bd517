import { frozenHeaders, NO_HEADERS, type HeaderList } from './header-list.js';

/**
 * The security headers sent with every answer, each tuned or turned off (`false`) here; the
 * application option `securityHeaders: false` turns them all off. The defaults are helmet's
 * where they matter for an API and the pages it serves.
 *
 * @example
 * new FrameworkApplication(tables, { securityHeaders: { frameOptions: 'DENY', strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload' } });
 */
export interface SecurityHeadersOptions {
  /** `X-Content-Type-Options: nosniff` (default on): a browser never guesses a type the answer did not declare. */
  readonly contentTypeOptions?: boolean;
  /** `Referrer-Policy`, default `no-referrer`. */
  readonly referrerPolicy?: string | false;
  /** `X-Frame-Options`, default `SAMEORIGIN` (older browsers; newer ones read the CSP's `frame-ancestors`). */
  readonly frameOptions?: 'SAMEORIGIN' | 'DENY' | false;
  /** `Cross-Origin-Opener-Policy`, default `same-origin`: a page opened from another site gets no handle on yours. */
  readonly crossOriginOpenerPolicy?: string | false;
  /**
   * `Content-Security-Policy` of HTML answers (an answer whose type is `text/html` and that sets
   * none itself), default `default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; form-action 'self'`.
   */
  readonly contentSecurityPolicy?: string | false;
  /** `Strict-Transport-Security`, sent only on answers over TLS; default `max-age=31536000; includeSubDomains`. */
  readonly strictTransportSecurity?: string | false;
}

/** The application option: `false` turns every security header off; an object tunes them. */
export type SecurityHeadersSetting = boolean | SecurityHeadersOptions;

export const DEFAULT_HTML_CSP = "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; form-action 'self'";
const DEFAULT_HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The security headers prepared at `init` as frozen lists, so a request only picks one:
 * `plain` for answers over plain HTTP, `overTls` for answers over TLS (`plain` plus HSTS), and
 * `htmlPolicy`, the CSP an HTML answer gets when it sets none itself.
 */
export interface SecurityHeaders {
  readonly plain: HeaderList;
  readonly overTls: HeaderList;
  /** `['content-security-policy', …]`, or undefined when turned off. */
  readonly htmlPolicy: readonly [string, string] | undefined;
  /** The list for an answer: over TLS or not. */
  headersFor(tls: boolean): HeaderList;
}

/**
 * Prepares the headers of `setting` (default on); a TypeError names a value that would be
 * written broken (a line break, an empty policy).
 *
 * @example
 * const security = prepareSecurityHeaders(undefined);
 * security.headersFor(false); // [['x-content-type-options', 'nosniff'], ['referrer-policy', 'no-referrer'], …]
 */
export function prepareSecurityHeaders(setting: SecurityHeadersSetting | undefined): SecurityHeaders {
  if (setting === false) return OFF;
  const options = setting === true || setting === undefined ? {} : setting;
  if (typeof options !== 'object' || options === null) throw new TypeError(`securityHeaders: false, true or an object of settings; got ${String(setting)}.`);
  const pairs: [string, string][] = [];
  if (options.contentTypeOptions !== false) pairs.push(['x-content-type-options', 'nosniff']);
  add(pairs, 'referrer-policy', options.referrerPolicy, 'no-referrer');
  add(pairs, 'x-frame-options', options.frameOptions, 'SAMEORIGIN');
  add(pairs, 'cross-origin-opener-policy', options.crossOriginOpenerPolicy, 'same-origin');
  const plain = frozenHeaders(pairs);
  const hsts: [string, string][] = [];
  add(hsts, 'strict-transport-security', options.strictTransportSecurity, DEFAULT_HSTS);
  const overTls = frozenHeaders([...pairs, ...hsts]);
  const csp: [string, string][] = [];
  add(csp, 'content-security-policy', options.contentSecurityPolicy, DEFAULT_HTML_CSP);
  const htmlPolicy = csp[0] && Object.freeze(csp[0]);
  return Object.freeze({ plain, overTls, htmlPolicy, headersFor: (tls: boolean) => (tls ? overTls : plain) });
}

const OFF: SecurityHeaders = Object.freeze({ plain: NO_HEADERS, overTls: NO_HEADERS, htmlPolicy: undefined, headersFor: () => NO_HEADERS });

function add(pairs: [string, string][], name: string, value: string | false | undefined, fallback: string): void {
  if (value === false) return;
  const written = value ?? fallback;
  if (typeof written !== 'string' || written.trim() === '' || /[\r\n\0]/.test(written)) {
    throw new TypeError(`securityHeaders: ${name} must be a one-line value or false; got ${JSON.stringify(written)}.`);
  }
  pairs.push([name, written]);
}

/**
 * Whether an answer of this content type is a page a browser renders (and so gets the HTML CSP).
 *
 * @example
 * isHtmlType('text/html; charset=utf-8'); // true
 */
export function isHtmlType(contentType: string | null | undefined): boolean {
  return contentType != null && /^\s*(?:text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

/**
 * The headers of `security` that `present` (the answer's own header names, lower case) does not
 * set already: a route that sets its own (the docs page's stricter CSP and `X-Frame-Options: DENY`)
 * keeps them. Run at `init` for routes whose headers are known, never per request.
 *
 * @example
 * missingFrom(security.plain, new Set(['x-frame-options'])); // the list without X-Frame-Options
 */
export function missingFrom(headers: HeaderList, present: ReadonlySet<string>): HeaderList {
  const kept = headers.filter(([name]) => !present.has(name));
  return kept.length === headers.length ? headers : Object.freeze(kept);
}
