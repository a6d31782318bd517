// The bodies of generated requests (fuzz/request-generator.ts): their JSON, content types and
// framing, and how an exchange with them ends.
import type { Ending } from './raw-http.js';
import type { Random } from '../../seeded-random.js';

/** What the framing of a route's bodies depends on. */
export interface FramedRoute {
  /**
   * Answers with a Web `Response`: @hono/node-server writes its own lightweight Response at once,
   * the native path a moment later, so a request behind it that the parser refuses (malformed, or
   * anything after an HTTP/1.0 one) could be refused first there (a documented difference): no bytes
   * follow its request.
   */
  readonly answersResponse?: boolean;
  /**
   * Answers after a timer: a body that never ends (half-closed) or that the parser refuses half
   * way races that answer against the server's reaction, on either path alike: cleanly framed
   * bodies only.
   */
  readonly answersLater?: boolean;
}

const validOrder = { customer: 'Ada', address: { street: 'Main street' }, items: [{ quantity: 2 }] };

/**
 * A body's bytes: mostly an order DTO, valid or not, else malformed, nested, BOM-prefixed,
 * invalid UTF-8, empty or over the fixture's 2 KiB limit.
 *
 * @example
 * const body = bodyText(random);
 */
export function bodyText(random: Random): Buffer {
  const text = (value: string) => Buffer.from(value, 'utf8');
  return random.weighted<() => Buffer>([
    [6, () => text(JSON.stringify(validOrder))],
    [2, () => text(JSON.stringify({ ...validOrder, customer: random.pick([7, null, '', 'é\u2713', {}]) }))],
    [2, () => text(JSON.stringify({ ...validOrder, items: random.pick([[], [{ quantity: 0 }], [{}], 'x', [{ quantity: 1.5 }]]) }))],
    [1, () => text(JSON.stringify({ ...validOrder, address: random.pick([null, { street: 'ab' }, [], 'Main']) }))],
    [1, () => text(`\uFEFF${JSON.stringify(validOrder)}`)],
    [1, () => Buffer.concat([text('{"customer":"'), Buffer.from([0xff, 0xfe, 0xc3]), text('","address":{"street":"Main"},"items":[{"quantity":1}]}')])],
    [2, () => text(random.pick(['', ' ', '{', '{"customer":', 'null', '[1,2]', '"x"', '1', 'true', '{}', '{"__proto__":{"customer":"x"}}']))],
    [1, () => text(`${'['.repeat(900)}${']'.repeat(900)}`)],
    [1, () => text(JSON.stringify({ customer: 'x'.repeat(random.int(1500, 4000)) }))],
  ])();
}

/**
 * The Content-Type lines of a body: none, JSON in several spellings, other types, or two lines.
 *
 * @example
 * lines.push(...contentTypeLines(random));
 */
export function contentTypeLines(random: Random): [string, string][] {
  const type = random.weighted<string | undefined>([
    [10, 'application/json'],
    [2, 'application/json; charset=utf-8'],
    [1, 'APPLICATION/JSON'],
    [1, 'application/vnd.api+json'],
    [1, 'application/jsonx'],
    [1, 'text/plain'],
    [1, ' application/json '],
    [1, ''],
    [2, undefined],
  ]);
  const lines: [string, string][] = type === undefined ? [] : [[random.pick(['Content-Type', 'content-type', 'CONTENT-TYPE']), type]];
  if (random.chance(0.03)) lines.push(['Content-Type', 'text/plain']);
  return lines;
}

/**
 * The body's framing headers and bytes, and how an exchange with them ends: a right length or
 * chunks mostly, else a short or long length, both framings, an unended or malformed chunked body.
 *
 * @example
 * const { lines, bytes, ending } = framed(random, bodyText(random), route);
 */
export function framed(random: Random, body: Buffer, route: FramedRoute): { lines: [string, string][]; bytes: Buffer; ending: Ending } {
  const kind = route.answersResponse || route.answersLater ? random.pick(['length', 'chunked']) : random.weighted([
    [10, 'length'],
    [3, 'chunked'],
    [1, 'short'],
    [1, 'over'],
    [1, 'chunked-and-length'],
    [1, 'chunked-unended'],
    [1, 'bad-chunk'],
  ]);
  const chunks = (pieces: Buffer[]) => Buffer.concat([...pieces.flatMap((piece) => [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]), Buffer.from('0\r\n\r\n')]);
  const split = () => {
    const at = random.int(0, body.length);
    return [body.subarray(0, at), body.subarray(at)].filter((piece) => piece.length > 0);
  };
  switch (kind) {
    case 'length':
      return { lines: [['Content-Length', String(body.length)]], bytes: body, ending: 'kept' };
    case 'chunked':
      return { lines: [['Transfer-Encoding', random.pick(['chunked', 'Chunked'])]], bytes: chunks(split()), ending: 'kept' };
    case 'short': {
      // The bytes past the length start a next request the parser refuses (a JSON text's tail is no method).
      const length = Math.max(0, body.length - random.int(1, 5));
      return { lines: [['Content-Length', String(length)]], bytes: body, ending: length < body.length ? 'closes' : 'kept' };
    }
    case 'over':
      return { lines: [['Content-Length', String(body.length + random.int(1, 5000))]], bytes: body, ending: 'half-close' };
    case 'chunked-and-length':
      return { lines: [['Content-Length', String(body.length)], ['Transfer-Encoding', 'chunked']], bytes: chunks([body]), ending: 'closes' };
    case 'chunked-unended':
      return { lines: [['Transfer-Encoding', 'chunked']], bytes: chunks(split()).subarray(0, -5), ending: 'half-close' };
    default:
      return { lines: [['Transfer-Encoding', 'chunked']], bytes: Buffer.concat([Buffer.from('zz\r\n'), body, Buffer.from('\r\n0\r\n\r\n')]), ending: 'closes' };
  }
}
