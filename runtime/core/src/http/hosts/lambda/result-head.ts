import type { AnswerHeaders, HeadLines } from '../../pipeline/host-exchange.js';
import { eachAnswerHeader } from '../../pipeline/each-answer-header.js';
import { trimmedHeaderValue } from '../../pipeline/header-value.js';
import { callHeaderLines } from '../../pipeline/response-call-headers.js';
import { TOKEN } from './event-headers.js';

// What `Headers` refuses in a value once trimmed: a line break, NUL, a character past Latin-1.
const NOT_A_LINE = /[\0\r\n]|[^\0-\xff]/;

/**
 * The head of an answer as a Lambda result carries it, kept without a `Headers` object (whose
 * first use loads Node's fetch implementation): values by lower-case name, a repeated one joined
 * with `, `, every `Set-Cookie` apart. A line `Headers` refuses throws the `TypeError` it would.
 *
 * @example
 * const head = new ResultHead();
 * head.set('Content-Type', 'text/plain');
 * head.append('set-cookie', 'a=1');
 * head.record(); // { 'content-type': 'text/plain' }; head.cookies: ['a=1']
 */
export class ResultHead {
  private readonly values = new Map<string, string>();
  readonly cookies: string[] = [];

  /** Sets one header in place of its lines so far. */
  set(name: string, value: string | number): void {
    const lower = name.toLowerCase();
    const line = checked(name, value);
    if (lower === 'set-cookie') this.cookies.splice(0, this.cookies.length, line);
    else this.values.set(lower, line);
  }
  /** Adds one line of a header. */
  append(name: string, value: string | number): void {
    const lower = name.toLowerCase();
    const line = checked(name, value);
    if (lower === 'set-cookie') return void this.cookies.push(line);
    const held = this.values.get(lower);
    this.values.set(lower, held === undefined ? line : `${held}, ${line}`);
  }
  has(lowerCaseName: string): boolean {
    return lowerCaseName === 'set-cookie' ? this.cookies.length > 0 : this.values.has(lowerCaseName);
  }
  get(lowerCaseName: string): string | undefined {
    return this.values.get(lowerCaseName);
  }
  /** Every header but `Set-Cookie`, by name as `Headers` iterates them. */
  record(): Record<string, string> {
    const record: Record<string, string> = {};
    for (const name of [...this.values.keys()].sort()) record[name] = this.values.get(name)!;
    return record;
  }
}

function checked(name: string, value: string | number): string {
  const line = trimmedHeaderValue(String(value));
  if (!TOKEN.test(name) || NOT_A_LINE.test(line)) throw new TypeError(`The answer's ${JSON.stringify(name.slice(0, 100))} header cannot be sent: a name must be a token, a value one line of Latin-1.`);
  return line;
}

/**
 * A stage's head (`send`, `openBody`), `content-length` only `withLength` (the host sizes the
 * body itself, but HEAD's is kept), `preset` filling the names it lacks.
 *
 * @example
 * headOf({ 'content-type': 'application/json', 'content-length': 2 }, false, { 'x-request-id': 'r1' }).record();
 * // { 'content-type': 'application/json', 'x-request-id': 'r1' }
 */
export function headOf(head: AnswerHeaders | HeadLines | undefined, withLength: boolean, preset: Record<string, string> | undefined): ResultHead {
  const result = new ResultHead();
  eachAnswerHeader(head, withLength, (name, value) => {
    if (Array.isArray(value)) for (const line of value as readonly string[]) result.append(name, line);
    else result.set(name, value as string | number);
  });
  if (preset) for (const name in preset) if (!result.has(name)) result.set(name, preset[name]!);
  return result;
}

/**
 * A handler's `Response`'s head, with what it takes of the call's headers (`callHeaderLines`).
 *
 * @example
 * responseHeadOf(new Response('hi', { headers: { vary: 'Accept' } }), { vary: 'Origin' }).get('vary'); // 'Accept, Origin'
 */
export function responseHeadOf(response: Response, callHeaders: AnswerHeaders | undefined): ResultHead {
  const head = new ResultHead();
  response.headers.forEach((value, name) => name !== 'set-cookie' && head.set(name, value));
  for (const cookie of response.headers.getSetCookie()) head.append('set-cookie', cookie);
  const extra = callHeaderLines(response, callHeaders);
  if (extra) {
    for (const [name, line] of extra.lines) head.append(name, line);
    if (extra.vary !== undefined) head.set('vary', extra.vary);
  }
  return head;
}
