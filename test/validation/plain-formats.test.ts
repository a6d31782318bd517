// The accept-only shortcuts for emails and URLs (runtime/core/src/validation/compiled/plain-formats.ts)
// answer `true` only where validator.js itself does (default options): random strings from an
// alphabet of the characters that matter, and well-shaped addresses with pieces at and past every
// length bound, are run through both. The common shapes must take the shortcut.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import isEmailModule from 'validator/lib/isEmail.js';
import isURLModule from 'validator/lib/isURL.js';
import { isPlainEmail, isPlainUrl } from '../../runtime/core/src/validation/compiled/plain-formats.js';

const validatorIsEmail = (value: string) => isEmailModule.default(value);
const validatorIsUrl = (value: string) => isURLModule.default(value);

const chars = fc.constantFrom(...'aZ09.-_+@:/?#% <>"\'\\é\uff21\u00a0xn'.split(''));
const label = fc.oneof(
  fc.stringMatching(/^[a-zA-Z0-9-]{1,8}$/),
  fc.constantFrom('a'.repeat(63), 'a'.repeat(64), `a${'-'.repeat(61)}a`, '-a', 'a-', 'a_b', '1', 'xn--p1ai', 'é'),
);
const tld = fc.oneof(fc.stringMatching(/^[a-zA-Z]{1,4}$/), fc.constantFrom('123', 'c0m', 'a'.repeat(63), 'a'.repeat(64)));
const host = fc.tuple(fc.array(label, { minLength: 0, maxLength: 4 }), tld).map(([labels, last]) => [...labels, last].join('.'));
const localPart = fc.oneof(
  fc.stringMatching(/^[a-zA-Z0-9_+.-]{1,12}$/),
  fc.constantFrom('a'.repeat(64), 'a'.repeat(65), '"quoted"', 'a..b', '.a', 'a.', 'ü'),
);
const email = fc.oneof(
  fc.tuple(localPart, host).map(([local, domain]) => `${local}@${domain}`),
  fc.tuple(localPart, host, fc.nat(250)).map(([local, domain, pad]) => `${local}@${'b'.repeat(pad)}.${domain}`),
  fc.string({ unit: chars, maxLength: 40 }),
);
const url = fc.oneof(
  fc.tuple(fc.constantFrom('http://', 'https://', 'ftp://', 'HTTP://', '//', ''), host, fc.string({ unit: chars, maxLength: 20 })).map(([scheme, h, rest]) => scheme + h + rest),
  fc.tuple(host, fc.nat(2100)).map(([h, pad]) => `https://${h}/${'p'.repeat(pad)}`),
  fc.string({ unit: chars, maxLength: 40 }),
);

test('isPlainEmail accepts nothing validator.js refuses', () => {
  fc.assert(fc.property(email, (value) => !isPlainEmail(value) || validatorIsEmail(value)), { numRuns: 20_000 });
});

test('isPlainUrl accepts nothing validator.js refuses', () => {
  fc.assert(fc.property(url, (value) => !isPlainUrl(value) || validatorIsUrl(value)), { numRuns: 20_000 });
});

test('the common shapes take the shortcut', () => {
  for (const value of ['ada@example.com', 'first.last+tag@mail.example.co.uk', 'a_b-c@x-y.io']) assert.ok(isPlainEmail(value), value);
  for (const value of ['https://example.com/ada', 'http://api.example.com/v1/items?id=2#top', 'https://example.com']) assert.ok(isPlainUrl(value), value);
  // Shapes left to validator.js: it decides them, the shortcut does not.
  for (const value of ['"quoted"@example.com', 'ada@[127.0.0.1]', `${'a'.repeat(65)}@example.com`]) assert.not.ok(isPlainEmail(value), value);
  for (const value of ['https://127.0.0.1/', 'https://example.com:8080/', 'https://user@example.com/', 'ftp://example.com/']) assert.not.ok(isPlainUrl(value), value);
});

test.run();
