// The host-neutral rules under static files and compression, on their own: which request paths
// may name a file, what a Range asks, which coding Accept-Encoding picks, what compresses, which
// If-None-Match lists match; each in time linear in its input, however hostile.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rangeAsk } from '../../runtime/core/src/http/files/byte-ranges.js';
import { belowPrefix, fileSegments } from '../../runtime/core/src/http/files/request-path.js';
import { resolveStaticOptions, staticPrefix } from '../../runtime/core/src/http/files/static-options.js';
import { isCompressible } from '../../runtime/core/src/http/encoding/compressible.js';
import { etagListMatches } from '../../runtime/core/src/http/encoding/etag-match.js';
import { negotiateCoding, preferredCodings } from '../../runtime/core/src/http/encoding/negotiate.js';
import { withVary } from '../../runtime/core/src/http/encoding/answer-encoding.js';
import { weakEtagOf } from '../../runtime/core/src/http/encoding/weak-etag.js';

const test = suite('files and bytes: the rules');

test('fileSegments: plain segments pass; every spelling of a way out, a hidden file or bad encoding does not', () => {
  assert.equal(fileSegments('/css/site.css'), ['css', 'site.css']);
  assert.equal(fileSegments('/a%20b.txt'), ['a b.txt']);
  assert.equal(fileSegments('/dir/'), ['dir']);
  assert.equal(fileSegments(''), []);
  for (const path of ['/..', '/../x', '/%2e%2e/x', '/%2E%2e', '/.%2e/x', '/a%2fb', '/a%2Fb', '/a%5cb', '/a\\b', '/a%00b', '/.env', '/a//b', '/%', '/%zz', '/./x', 'x', '/%252e%252e/../x']) {
    assert.is(fileSegments(path), undefined, path);
  }
  // A percent-decoded segment is decoded once: `%252e` is the name `%2e`, not a dot.
  assert.equal(fileSegments('/%252e%252e'), ['%2e%2e']);
});

test('belowPrefix and staticPrefix', () => {
  assert.is(belowPrefix('/assets/app.js', '/assets'), '/app.js');
  assert.is(belowPrefix('/assets', '/assets'), '');
  assert.is(belowPrefix('/assetsX/app.js', '/assets'), undefined);
  assert.is(belowPrefix('/anything', '/'), '/anything');
  assert.is(staticPrefix('assets/'), '/assets');
  assert.is(staticPrefix('/'), '/');
  assert.is(staticPrefix('//a//b/'), '/a/b');
  for (const bad of ['/a/../b', '/files/:name', '/x/*', '/a?b', '/%2e']) assert.throws(() => staticPrefix(bad), /plain path/, bad);
  assert.is(resolveStaticOptions({ maxAge: 60, immutable: true }).cacheControl, 'public, max-age=60, immutable');
  assert.throws(() => resolveStaticOptions({ index: '/etc/passwd' }), /index names a file inside the directory/);
});

test('rangeAsk: one range, coalesced ranges, disjoint ones, beyond the end, too many, not bytes', () => {
  assert.equal(rangeAsk(undefined, 100), { kind: 'whole' });
  assert.equal(rangeAsk('bytes=0-9', 100), { kind: 'part', start: 0, end: 9 });
  assert.equal(rangeAsk('bytes=90-', 100), { kind: 'part', start: 90, end: 99 });
  assert.equal(rangeAsk('bytes=-10', 100), { kind: 'part', start: 90, end: 99 });
  assert.equal(rangeAsk('bytes=-500', 100), { kind: 'part', start: 0, end: 99 }, 'a suffix longer than the file is all of it');
  assert.equal(rangeAsk('bytes=0-0, -500', 100), { kind: 'part', start: 0, end: 99 });
  assert.equal(rangeAsk('bytes=0-500', 100), { kind: 'part', start: 0, end: 99 }, 'an end past the file is cut to it');
  assert.equal(rangeAsk('bytes=0-10,5-20,21-30', 100), { kind: 'part', start: 0, end: 30 });
  assert.equal(rangeAsk('bytes=0-1,50-51', 100), { kind: 'whole' });
  assert.is(rangeAsk('bytes=100-200', 100).kind, 'unsatisfiable');
  assert.is(rangeAsk(`bytes=${'0-0,'.repeat(100)}0-0`, 100).kind, 'unsatisfiable');
  assert.equal(rangeAsk('items=0-1', 100), { kind: 'whole' });
  assert.equal(rangeAsk('bytes=abc', 100), { kind: 'whole' });
});

test('negotiateCoding: q-values, the server order on a tie, identity refused, garbage', () => {
  const all = ['br', 'zstd', 'gzip', 'identity'] as const;
  assert.is(negotiateCoding('gzip, br', all), 'br');
  assert.is(negotiateCoding('br;q=0.5, gzip', all), 'gzip');
  assert.is(negotiateCoding('*', all), 'br');
  assert.is(negotiateCoding('gzip;q=0', all), 'identity');
  assert.is(negotiateCoding(undefined, all), 'identity');
  assert.is(negotiateCoding('@@@', all), 'identity');
  assert.is(negotiateCoding('identity;q=0, *;q=0', all), undefined);
  assert.equal(preferredCodings('br;q=0.1, gzip', all).slice(0, 2), ['gzip', 'br']);
});

test('isCompressible, withVary, etagListMatches, weakEtagOf', () => {
  for (const type of ['application/json', 'text/html; charset=utf-8', 'application/problem+json', 'image/svg+xml', 'text/javascript']) assert.ok(isCompressible(type), type);
  for (const type of ['image/png', 'application/zip', 'video/mp4', 'text/event-stream', 'application/octet-stream', undefined]) assert.not.ok(isCompressible(type), String(type));
  assert.is(withVary(undefined), 'Accept-Encoding');
  assert.is(withVary('Origin'), 'Origin, Accept-Encoding');
  assert.is(withVary('origin, accept-encoding'), 'origin, accept-encoding');
  assert.is(withVary('*'), '*');
  assert.ok(etagListMatches('"a", W/"b"', 'W/"b"'));
  assert.ok(etagListMatches('W/"b"', '"b"'));
  assert.not.ok(etagListMatches('"c"', 'W/"b"'));
  assert.is(weakEtagOf('{"id":1}'), weakEtagOf(new TextEncoder().encode('{"id":1}')));
  assert.is.not(weakEtagOf('{"id":1}'), weakEtagOf('{"id":2}'));
});

test('hostile inputs cost time linear in their length', () => {
  // The best of five: one run can lose a slice of the CPU to other work or a collection.
  const time = (run: () => unknown): number => {
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      run();
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  const small = 10_000;
  const large = 1_000_000;
  // A 1 MB header is far past what a server accepts (16 KiB), so this bounds the worst case. 100×
  // the input costs about 100× when linear and 10,000× when quadratic: the bound of 2,000 tells
  // them apart with room for a machine busy with other suites (400 failed there once).
  const ratio = (make: (n: number) => () => unknown) => time(make(large)) / Math.max(0.05, time(make(small)));
  assert.ok(ratio((n) => () => fileSegments(`/${'a/'.repeat(n / 2)}x`)) < 2000, 'path segments');
  assert.ok(ratio((n) => () => rangeAsk(`bytes=${'1-2,'.repeat(n / 4)}`, 100)) < 2000, 'ranges');
  assert.ok(ratio((n) => () => etagListMatches('"x",'.repeat(n / 4), 'W/"y"')) < 2000, 'etag lists');
  assert.ok(ratio((n) => () => negotiateCoding('gzip;q=0.5,'.repeat(n / 11), ['gzip', 'identity'])) < 2000, 'accept-encoding');
});

test.run();
