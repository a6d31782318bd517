import { CallBase } from '../../chain/call-base.js';
import type { HttpRouteEntry } from '../../contract/tables.js';
import type { CookieSettings } from '../cookies/cookie-options.js';
import type { CookieSigner } from '../cookies/cookie-signer.js';
import { clearCookieLine, setCookieLine, type SetCookieOptions } from '../cookies/set-cookie.js';
import { locationUrl } from './location-url.js';
import { isOwnedResponseHeader } from './owned-headers.js';

/** What an HTTP call's route gives this base: the application's cookie settings. */
interface RouteCookies {
  readonly cookies?: CookieSettings;
}

/**
 * The answer side of an HTTP call's context, written once for every host: response headers,
 * cookies set and cleared with safe defaults, and redirects. Each adapter's call extends it and
 * gives the three host operations it needs (`setResponseHeader`, `appendResponseHeader`,
 * `overTls`).
 *
 * @example
 * context.setCookie('theme', 'dark'); // Set-Cookie: theme=dark; Path=/; HttpOnly; SameSite=Lax
 * context.redirect('/login'); // 302, Location: /login
 */
export abstract class HttpCallBase extends CallBase<HttpRouteEntry> {
  /**
   * The status `redirect()` chose, which the answer is written with instead of the route's;
   * declared only, so a call that does not redirect carries no such field.
   */
  declare answerStatus?: number;

  abstract header(name: string): string | undefined;
  abstract getRemoteAddress(): string;
  /** Sets a response header, replacing one set before. */
  abstract setResponseHeader(name: string, value: string): void;
  /** Adds a response header line beside those set before (`Set-Cookie`). */
  protected abstract appendResponseHeader(name: string, value: string): void;
  /** Whether the request came over a TLS connection to this server. */
  protected abstract get overTls(): boolean;

  private get cookieSettings(): CookieSettings | undefined {
    return (this.handlerRuntime as RouteCookies).cookies;
  }
  /** The application's signer (`cookies.secrets`), for signed cookies. */
  get cookieSigner(): CookieSigner | undefined {
    return this.cookieSettings?.signer;
  }
  /** TLS to this server, or a trusted proxy's `X-Forwarded-Proto: https`: cookies are then `Secure`. */
  get secure(): boolean {
    if (this.overTls) return true;
    const proxies = this.cookieSettings?.proxies;
    if (!proxies?.contains(this.getRemoteAddress())) return false;
    const forwarded = this.header('x-forwarded-proto');
    // The first entry is what the client used, when proxies append theirs.
    return forwarded !== undefined && forwarded.split(',', 1)[0]!.trim().toLowerCase() === 'https';
  }
  setHeader(name: string, value: string): void {
    if (isOwnedResponseHeader(name)) {
      throw new TypeError(`setHeader('${name}'): the framework writes ${name} itself from the body it sends; set another header, or return a Response to control the whole answer.`);
    }
    if (name.toLowerCase() === 'set-cookie') {
      throw new TypeError("setHeader('set-cookie') would replace the cookies set before it: use context.setCookie(name, value, options).");
    }
    this.setResponseHeader(name, value);
  }
  setCookie(name: string, value: string, options?: SetCookieOptions): void {
    this.appendResponseHeader('set-cookie', setCookieLine(name, value, options, this.secure));
  }
  async setSignedCookie(name: string, value: string, options?: SetCookieOptions): Promise<void> {
    const signer = this.cookieSigner;
    if (!signer) throw new Error(`setSignedCookie('${name}') needs a secret to sign with: pass \`cookies: { secrets: [...] }\` to new FrameworkApplication(tables, options).`);
    this.setCookie(name, await signer.sign(value), options);
  }
  clearCookie(name: string, options?: Omit<SetCookieOptions, 'maxAge' | 'expires'>): void {
    this.appendResponseHeader('set-cookie', clearCookieLine(name, options, this.secure));
  }
  redirect(url: string, status = 302): void {
    if (!Number.isInteger(status) || status < 300 || status > 399) {
      throw new TypeError(`redirect('${url}', ${String(status)}): a redirect's status is a 3xx (301, 302, 303, 307 or 308).`);
    }
    this.setResponseHeader('location', locationUrl(String(url)));
    this.answerStatus = status;
  }
}
