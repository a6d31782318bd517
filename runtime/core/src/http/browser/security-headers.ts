import { frozenHeaders, NO_HEADERS, type HeaderRecord } from '../../cors/header-list.js';

/**
 * The security headers, each tuned or turned off (`false`) here; the application option
 * `securityHeaders: false` turns them all off. The defaults are helmet's where they matter for an
 * API and the pages it serves; those that govern a page (Referrer-Policy, COOP, the CSP) are sent
 * with the answers a browser may render as one, not with the JSON and plain-text bodies the
 * framework writes.
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
   * `Content-Security-Policy` (what a page may load; an answer that sets its own keeps it),
   * default `default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; form-action 'self'`.
   */
  readonly contentSecurityPolicy?: string | false;
  /** `Strict-Transport-Security`, sent only on answers over TLS; default `max-age=31536000; includeSubDomains`. */
  readonly strictTransportSecurity?: string | false;
}

/** The application option: `false` turns every security header off; an object tunes them. */
export type SecurityHeadersSetting = boolean | SecurityHeadersOptions;

/** The default CSP: the page's own resources only, no plugins, framed only by its own origin. */
export const DEFAULT_CSP = "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; form-action 'self'";
const DEFAULT_HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The security headers prepared at `init` as frozen records, in three sets by the answers they
 * govern. `every`: what any answer needs (no type sniffed, not framed by another site). `document`:
 * what governs a page (its CSP, its opener, the referrer it sends), sent with every answer a
 * browser may render as one and left off the JSON and plain-text bodies the framework writes.
 * `overTls`: HSTS, on every answer over TLS.
 */
export interface SecurityHeaders {
  readonly every: HeaderRecord;
  readonly document: HeaderRecord;
  readonly overTls: HeaderRecord;
}

/**
 * Prepares the headers of `setting` (default on); a TypeError names a value that would be
 * written broken (a line break, an empty policy). An answer that sets one of them itself keeps
 * its own, as the docs page does with a stricter CSP.
 *
 * @example
 * const security = prepareSecurityHeaders(undefined);
 * security.every; // { 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' }
 * security.document; // { 'referrer-policy': 'no-referrer', 'cross-origin-opener-policy': 'same-origin', 'content-security-policy': … }
 */
export function prepareSecurityHeaders(setting: SecurityHeadersSetting | undefined): SecurityHeaders {
  if (setting === false) return OFF;
  const options = setting === true || setting === undefined ? {} : setting;
  if (typeof options !== 'object' || options === null) throw new TypeError(`securityHeaders: false, true or an object of settings; got ${String(setting)}.`);
  const every: Record<string, string> = {};
  if (options.contentTypeOptions !== false) every['x-content-type-options'] = 'nosniff';
  add(every, 'x-frame-options', options.frameOptions, 'SAMEORIGIN');
  const document: Record<string, string> = {};
  add(document, 'referrer-policy', options.referrerPolicy, 'no-referrer');
  add(document, 'cross-origin-opener-policy', options.crossOriginOpenerPolicy, 'same-origin');
  add(document, 'content-security-policy', options.contentSecurityPolicy, DEFAULT_CSP);
  const overTls: Record<string, string> = {};
  add(overTls, 'strict-transport-security', options.strictTransportSecurity, DEFAULT_HSTS);
  return Object.freeze({ every: frozenHeaders(every), document: frozenHeaders(document), overTls: frozenHeaders(overTls) });
}

const OFF: SecurityHeaders = Object.freeze({ every: NO_HEADERS, document: NO_HEADERS, overTls: NO_HEADERS });

function add(headers: Record<string, string>, name: string, value: string | false | undefined, fallback: string): void {
  if (value === false) return;
  const written = value ?? fallback;
  if (typeof written !== 'string' || written.trim() === '' || /[\r\n\0]/.test(written)) {
    throw new TypeError(`securityHeaders: ${name} must be a one-line value or false; got ${JSON.stringify(written)}.`);
  }
  headers[name] = written;
}
