import { frozenHeaders, NO_HEADERS, type HeaderRecord } from '../../cors/header-list.js';

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
   * `Content-Security-Policy` (what an HTML answer may load; an answer that sets its own keeps it),
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
 * The security headers prepared at `init` as frozen records, so a request only picks one:
 * `plain` for answers over plain HTTP, `overTls` for answers over TLS (`plain` plus HSTS).
 */
export interface SecurityHeaders {
  readonly plain: HeaderRecord;
  readonly overTls: HeaderRecord;
  /** The record for an answer: over TLS or not. */
  headersFor(tls: boolean): HeaderRecord;
}

/**
 * Prepares the headers of `setting` (default on); a TypeError names a value that would be
 * written broken (a line break, an empty policy). The CSP is sent with every answer (a JSON
 * answer ignores it; an HTML one, such as a page a handler returns, is held to it) unless the
 * answer sets its own, as the docs page does with a stricter one.
 *
 * @example
 * const security = prepareSecurityHeaders(undefined);
 * security.headersFor(false); // { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', … }
 */
export function prepareSecurityHeaders(setting: SecurityHeadersSetting | undefined): SecurityHeaders {
  if (setting === false) return OFF;
  const options = setting === true || setting === undefined ? {} : setting;
  if (typeof options !== 'object' || options === null) throw new TypeError(`securityHeaders: false, true or an object of settings; got ${String(setting)}.`);
  const headers: Record<string, string> = {};
  if (options.contentTypeOptions !== false) headers['x-content-type-options'] = 'nosniff';
  add(headers, 'referrer-policy', options.referrerPolicy, 'no-referrer');
  add(headers, 'x-frame-options', options.frameOptions, 'SAMEORIGIN');
  add(headers, 'cross-origin-opener-policy', options.crossOriginOpenerPolicy, 'same-origin');
  add(headers, 'content-security-policy', options.contentSecurityPolicy, DEFAULT_CSP);
  const plain = frozenHeaders(headers);
  add(headers, 'strict-transport-security', options.strictTransportSecurity, DEFAULT_HSTS);
  const overTls = frozenHeaders(headers);
  return Object.freeze({ plain, overTls, headersFor: (tls: boolean) => (tls ? overTls : plain) });
}

const OFF: SecurityHeaders = Object.freeze({ plain: NO_HEADERS, overTls: NO_HEADERS, headersFor: () => NO_HEADERS });

function add(headers: Record<string, string>, name: string, value: string | false | undefined, fallback: string): void {
  if (value === false) return;
  const written = value ?? fallback;
  if (typeof written !== 'string' || written.trim() === '' || /[\r\n\0]/.test(written)) {
    throw new TypeError(`securityHeaders: ${name} must be a one-line value or false; got ${JSON.stringify(written)}.`);
  }
  headers[name] = written;
}
