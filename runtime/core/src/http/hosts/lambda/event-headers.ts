import { trimmedHeaderValue } from '../../pipeline/header-value.js';
import type { HostRefusal } from './events.js';

/** An HTTP token: a method, a header name. */
export const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;
const LATIN1 = /^[\0-\xff]*$/;
const BREAKS_A_LINE = /[\0\r\n]/;

/**
 * The header lines of an event, checked as `Headers.append` checks them, without a `Headers`
 * object (whose first use loads Node's fetch implementation): `lines` as a `Request` takes them,
 * `joined` as the host port reads them (lower-case names, repeated lines joined with `, `, `; `
 * for `cookie`, values trimmed).
 *
 * @example
 * const headers = new EventHeaders();
 * headers.add('Cookie', 'a=1') ?? headers.add('cookie', 'b=2'); // undefined: both taken
 * headers.joined.cookie; // 'a=1; b=2'
 */
export class EventHeaders {
  readonly lines: [string, string][] = [];
  readonly joined = Object.create(null) as Record<string, string>;

  /**
   * Appends one line, or says why it cannot be one. A value past Latin-1 is what API Gateway made
   * of the client's UTF-8 bytes: it goes on as those bytes, as a server would have read them.
   */
  add(name: string, value: string): HostRefusal | undefined {
    if (!TOKEN.test(name)) return { refused: `A header name must be an HTTP token; got ${JSON.stringify(name.slice(0, 100))}.` };
    const line = trimmedHeaderValue(LATIN1.test(value) ? value : Buffer.from(value, 'utf8').toString('latin1'));
    if (BREAKS_A_LINE.test(line)) return { refused: `The value of the ${name} header holds a character no header may carry (CR, LF or NUL).` };
    this.lines.push([name, line]);
    const lower = name.toLowerCase();
    const held = this.joined[lower];
    this.joined[lower] = held === undefined ? line : `${held}${lower === 'cookie' ? '; ' : ', '}${line}`;
    return undefined;
  }
}
