import type { DtoEntry } from '@framework/core';
import { moreFormatSamples } from './more-format-samples.js';

const uuid4 = '3b241101-e2bb-4255-8caf-4136c566a962';
const uuid5 = '74738ff5-5367-5958-9aee-98fffdcd1876';
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
const mongoId = '507f1f77bcf86cd799439011';

/** Values that pass a member's rules (mostly), by `Dto.member`. */
const good: Record<string, readonly unknown[]> = {
  'EverythingDto.code': ['ab', 'abcde', 'xyz'],
  'EverythingDto.score': [0, 1.5, 10, 7],
  'EverythingDto.count': [1, 42],
  'EverythingDto.debt': [-1, -0.5, undefined],
  'EverythingDto.flag': [true, false],
  'EverythingDto.email': ['ada@example.com', 'x.y+z@sub.example.org'],
  'EverythingDto.id': [uuid4, undefined],
  'EverythingDto.site': ['http://example.com', 'example.com/a?b=c', undefined],
  'EverythingDto.secure': ['https://example.com/x', undefined],
  'EverythingDto.when': ['2024-01-02', '2024-01-02T03:04:05Z', undefined],
  'EverythingDto.day': ['2024-02-29', '2024-01-02T03:04:05.123+01:00', undefined],
  'EverythingDto.words': [['a'], ['a', 'bc', 'def']],
  'EverythingDto.numbers': [[1, 2], undefined],
  'EverythingDto.required': ['x', 0, false, {}],
  'EverythingDto.consent': ['yes'],
  'EverythingDto.user': ['ada', undefined],
  'EverythingDto.lucky': [3, undefined],
  'EverythingDto.triple': [9, -3, 0, undefined],
  'EverythingDto.text': ['banana', undefined],
  'EverythingDto.letters': [['a', 'b'], undefined],
  'EverythingDto.meta': [{ k: 1 }, undefined],
  'EverythingDto.nothing': ['', null, undefined],
  'EverythingDto.remark': ['why', undefined],
  'EverythingDto.short': ['abcd', undefined],
  'EverythingDto.free': [{ any: ['thing'] }, 5, undefined],
  'EverythingDto.colors': [['#fff', '#00ff00'], undefined],
  'EverythingDto.codes': [['abc', 'abcdef'], undefined],
  'EverythingDto.lower': ['AbC', undefined],
  'EverythingDto.x': ['xylophone', undefined],
  'EverythingDto.named': ['Ada <ada@example.com>', undefined],
  'EverythingDto.either': [uuid4, uuid5, undefined],
  'EverythingDto.status': ['draft', 'published', undefined],
  'EverythingDto.levels': [[0, 1], [1], 'Low', undefined],
  'AddressDto.street': ['Main St'],
  'AddressDto.zip': ['12345', undefined],
  'AddressDto.kind': ['home', 'work'],
  'TagDto.label': ['ab', 'abcdefgh'],
  'TagDto.color': ['#abc', undefined],
  'NoteDto.text': ['hello'],
  'FormatsDto.alpha': ['abc', 'Zebra', 'Straße'],
  'FormatsDto.alphas': [['Straße', 'Äpfel'], ['abc'], undefined],
  'FormatsDto.alnum': ['abc123', 'A1', undefined],
  'FormatsDto.alnums': [['été2', 'Zoë'], undefined],
  'FormatsDto.numeric': ['12', '-3.5', '+.5', undefined],
  'FormatsDto.digits': [['0', '123'], ['-1'], undefined],
  'FormatsDto.comma': ['1,5', '-2', '1.5', undefined],
  'FormatsDto.lower': ['abc', 'straße 1', 'ABC', undefined],
  'FormatsDto.upper': [['ABC', 'Ä1'], ['aB'], undefined],
  'FormatsDto.ascii': ['hello world', '~', undefined],
  'FormatsDto.asciiLines': [['a', 'b c'], ['é'], undefined],
  'FormatsDto.base64': ['aGVsbG8=', 'aGk=', 'YWJj', '', 'aGVsbG8', undefined],
  'FormatsDto.base64url': [['aGVsbG8', 'a-_b'], ['a+b='], undefined],
  'FormatsDto.json': ['{"a":1}', '[1,2]', '1', 'null', '{', undefined],
  'FormatsDto.jwts': [[jwt], ['a.b.c', 'a.b'], undefined],
  'FormatsDto.ip': ['127.0.0.1', '::1', 'fe80::1%eth0', '256.0.0.1'],
  'FormatsDto.ipv4s': [['10.0.0.1', '192.168.1.255'], ['::1'], undefined],
  'FormatsDto.ipv6': ['2001:db8::1', '::ffff:192.0.2.1', '127.0.0.1', undefined],
  'FormatsDto.port': ['0', '8080', '65535', '65536', '080', undefined],
  'FormatsDto.mongoIds': [[mongoId], [`0x${'a'.repeat(22)}`], [mongoId.slice(1)], undefined],
  'FormatsDto.host': ['example.com', 'sub.example.co.uk', 'localhost', 'my_host.com', undefined],
  'FormatsDto.hosts': [['localhost', 'my_host.example'], ['-bad.com'], undefined],
  'FormatsDto.lat': [45, -90, '12.5', 90.5, '-91', undefined],
  'FormatsDto.longs': [[180, '-179.99'], [181], ['(1'], undefined],
  'FormatsDto.position': ['45.5,-120.25', '(10,20)', '91,0', '10,20)', undefined],
  'FormatsDto.version': ['1.2.3', '1.0.0-beta.1+build.5', '01.2.3', '1.2', undefined],
  'FormatsDto.mimes': [['text/plain', 'application/json'], ['text/html; charset=utf-8'], ['text'], undefined],
  'FormatsDto.mac': ['01:23:45:67:89:ab', '01-23-45-67-89-AB', '0123.4567.89ab', '01:23:45:67:89:ab:cd:ef', '0123456789ab', undefined],
  'FormatsDto.macs': [['0123456789abcdef'], ['0123456789ab'], undefined],
  'FormatsDto.device': ['01:23:45:67:89:ab', 'nope', undefined],
  'FormatsDto.decimal': ['1', '-1.5', '.5', '1.', '+', undefined],
  'FormatsDto.prices': [['1.50', '.99'], ['1.5'], ['10'], undefined],
  'FormatsDto.unique': [[1, 2, 3], ['a', 'b'], [{}, {}], [1, 1], []],
  'FormatsDto.uniqueRows': [[[1, 2], ['a']], [[1, 1]], undefined],
  'FormatsDto.filled': [{ a: 1 }, { a: null }, {}, undefined],
  'FormatsDto.settled': [[{ a: 1 }], [{ a: null }], [{}], undefined],
  'PointDto.x': [0, -4, 12],
  'PointDto.y': [0, 3],
  ...moreFormatSamples,
};

/** Edge and wrong values any member may get. */
const edges: readonly unknown[] = [
  undefined, null, true, false, 0, -0, 1, -1, 2, 3, 1.25, 0.1, 10.5, 11, -5, 1e21, 2 ** 53, '', ' ', 'a', 'ab', 'abcdef', 'Z',
  'zebra', 'root', 'yes', 'no', 'home', 'draft', 'Draft', 'Low', ['High', 0], '#fff', '#ff8800', '#GGG', 'fff', 'ada@example', '@x.com', 'a b@c.d', uuid4, uuid5,
  '3b241101-e2bb-1255-8caf-4136c566a962', 'not-a-uuid', 'http://', 'ftp://example.com', 'https://example.com', 'javascript:alert(1)',
  '2024-13-01', '2024-02-30', '20240102', '2024-01-02T25:00:00Z', '12345', '1234', 'x', 'Xy', 'ünïcödé', '😀😀', 'a'.repeat(40),
  [], [1], [1, 2, 2], [1.5], ['a'], ['z'], ['', 'a'], ['#fff', 'red'], ['ab', 'abcdefg'], [null], [[]], [{}], [{ label: 'ab' }],
  {}, { label: 'x' }, { street: 'Main St', kind: 'home' }, { nested: { deep: [1] } },
  // String formats: each on one side or the other of some rule.
  'Straße', 'ABC', 'abc123', '12.5', '-3', '1,5', '.5', 'aGVsbG8=', '{"a":1}', '[1]', '127.0.0.1', '::1', '65535', '65536', mongoId, jwt,
  'example.com', '45,90', '1.2.3', 'text/plain', '01:23:45:67:89:ab', 90.5, -180, [1, 1], ['a', 'a'], { a: null },
];

/** The JSON text of one random body for the DTO: members good or edge, sometimes missing, extra or forbidden. */
export function bodyGenerator(entry: DtoEntry, random: () => number): () => string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const object = (dto: DtoEntry, depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const member of dto.members) {
      if (random() < 0.04) continue; // missing
      const nested = dto.nested?.[member];
      let value: unknown;
      if (nested && depth < 3 && random() < 0.8) {
        value = nested.each ? Array.from({ length: Math.floor(random() * 4) }, () => object(nested.dto, depth + 1)) : object(nested.dto, depth + 1);
        if (nested.each && Array.isArray(value) && random() < 0.05) value.push(pick(edges));
      } else {
        const fits = good[`${dto.dto.name}.${member}`];
        value = fits && random() < 0.85 ? pick(fits) : pick(edges);
      }
      if (value !== undefined) out[member] = value;
    }
    if (random() < 0.1) out[pick(['extra', 'Code', 'unknown', '0'])] = pick(edges) ?? 1;
    return out;
  };
  return () => {
    const text = JSON.stringify(object(entry, 0));
    // `__proto__` and `constructor` as own JSON members, rarely, at the top or inside.
    const roll = random();
    if (roll < 0.003) return text.replace(/^\{/, text === '{}' ? '{"__proto__":{"x":1}' : '{"__proto__":{"x":1},');
    if (roll < 0.006) return text.replace(/\{"street"/, '{"constructor":{},"street"');
    return text;
  };
}
