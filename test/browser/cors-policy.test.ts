// The CORS policy on its own, host-neutral: which headers an ordinary answer gets for each
// `Origin`, how a preflight is answered from a path's methods, and the start-up refusals.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { prepareCors } from '../../runtime/core/src/cors/cors-policy.js';

const test = suite('CORS policy');
const app = 'http://localhost:5173';
const headersOf = (headers: Readonly<Record<string, string>>) => ({ ...headers });
const todoMethods = Object.freeze(['GET', 'POST']);

test('an allowed origin is answered with itself, credentials, the exposed headers and Vary: Origin', () => {
  const cors = prepareCors({ origins: [app], credentials: true, exposeHeaders: ['X-Request-Id'] });
  assert.equal(headersOf(cors.corsHeadersFor(app)), {
    'access-control-allow-origin': app,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'x-request-id',
    vary: 'Origin',
  });
});

test('a disallowed origin, no origin, and Origin: null get no Access-Control-Allow-* header, only Vary: Origin', () => {
  const cors = prepareCors({ origins: [app], credentials: true });
  for (const origin of ['http://evil.test', undefined, 'null', `${app}/`, 'HTTP://LOCALHOST:5173', `${app}\r\nx-injected: 1`, `http://${'a'.repeat(400)}.test`]) {
    assert.equal(headersOf(cors.corsHeadersFor(origin)), { vary: 'Origin' }, String(origin));
  }
});

test("origins: '*' answers * without Vary (the answer does not depend on the origin), and never with credentials", () => {
  const cors = prepareCors({ origins: '*' });
  assert.equal(headersOf(cors.corsHeadersFor('http://anything.test')), { 'access-control-allow-origin': '*' });
  assert.throws(() => prepareCors({ origins: '*', credentials: true }), /credentials: true with origins: '\*'.*list the origins/);
});

test('a RegExp is tested against the whole origin: a suffix or a prefix does not pass', () => {
  const cors = prepareCors({ origins: /https:\/\/[a-z]+\.example\.com/ });
  assert.is(headersOf(cors.corsHeadersFor('https://app.example.com'))['access-control-allow-origin'], 'https://app.example.com');
  assert.equal(headersOf(cors.corsHeadersFor('https://app.example.com.evil.test')), { vary: 'Origin' });
  assert.equal(headersOf(cors.corsHeadersFor('http://x.test#https://app.example.com')), { vary: 'Origin' });
  const global = prepareCors({ origins: /^https:\/\/a\.test$/g });
  // A `g` flag would make every other test fail through lastIndex.
  for (let i = 0; i < 3; i++) assert.is(headersOf(global.corsHeadersFor('https://a.test'))['access-control-allow-origin'], 'https://a.test');
});

test('a function decides per well-formed origin; one that throws refuses instead of failing the request', () => {
  const seen: string[] = [];
  const cors = prepareCors({ origins: (origin) => (seen.push(origin), origin.endsWith('.trusted.test')) });
  assert.is(headersOf(cors.corsHeadersFor('https://a.trusted.test'))['access-control-allow-origin'], 'https://a.trusted.test');
  assert.equal(headersOf(cors.corsHeadersFor('null')), { vary: 'Origin' });
  assert.equal(headersOf(cors.corsHeadersFor('garbage')), { vary: 'Origin' });
  assert.equal(seen, ['https://a.trusted.test'], 'the function never sees a malformed origin');
  const throwing = prepareCors({ origins: () => { throw new Error('boom'); } });
  assert.equal(headersOf(throwing.corsHeadersFor(app)), { vary: 'Origin' });
});

test('a preflight from an allowed origin lists exactly the methods of the path, the allowed headers and the max age', () => {
  const cors = prepareCors({ origins: [app], credentials: true, maxAge: 600 });
  const answer = cors.preflight(app, 'POST', 'Content-Type, Authorization', todoMethods);
  assert.is(answer.status, 204);
  assert.equal(headersOf(answer.headers), {
    'access-control-allow-origin': app,
    'access-control-allow-methods': 'GET, POST',
    'access-control-allow-credentials': 'true',
    'access-control-allow-headers': 'authorization, content-type',
    'access-control-max-age': '600',
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  });
});

test('`methods` narrows what the path has; a method the path lacks or the option leaves out is refused', () => {
  const cors = prepareCors({ origins: [app], methods: ['GET'] });
  assert.is(headersOf(cors.preflight(app, 'GET', undefined, todoMethods).headers)['access-control-allow-methods'], 'GET');
  assert.is(cors.preflight(app, 'POST', undefined, todoMethods).status, 403);
  assert.is(prepareCors({ origins: [app] }).preflight(app, 'DELETE', undefined, todoMethods).status, 403);
});

test('a preflight for a path with no route is 404, with no CORS header', () => {
  const cors = prepareCors({ origins: [app] });
  for (const methods of [undefined, []]) {
    const answer = cors.preflight(app, 'GET', undefined, methods);
    assert.is(answer.status, 404);
    assert.equal(answer.headers, {});
  }
});

test('refused preflights: disallowed origin, Origin: null, garbage or missing method, a header not allowed, too many headers', () => {
  const cors = prepareCors({ origins: [app], credentials: true });
  const cases: [string | undefined, string | undefined, string | undefined, RegExp][] = [
    ['http://evil.test', 'GET', undefined, /origin/],
    ['null', 'GET', undefined, /origin/],
    [undefined, 'GET', undefined, /origin/],
    [app, 'GE T', undefined, /not a method/],
    [app, 'GET\r\nx: 1', undefined, /not a method/],
    [app, undefined, undefined, /missing/],
    [app, 'X'.repeat(40), undefined, /not a method/],
    [app, 'get', undefined, /not served/],
    [app, 'GET', 'x-secret', /header/],
    [app, 'GET', 'content-type, x-evil\r\nset-cookie: a=b', /header/],
    [app, 'GET', Array.from({ length: 65 }, () => 'content-type').join(','), /header/],
    [app, 'GET', 'content-type,'.repeat(400), /header/],
  ];
  for (const [origin, method, headers, reason] of cases) {
    const answer = cors.preflight(origin, method, headers, todoMethods);
    assert.is(answer.status, 403, `${origin} ${method} ${headers}`);
    assert.match(answer.reason ?? '', reason);
    assert.ok(Object.keys(answer.headers).every((name) => !name.startsWith('access-control-allow')), 'no Access-Control-Allow-*');
    assert.not.match(answer.reason ?? '', /evil|x-secret|GE T/, 'the reason never echoes the request');
  }
});

test('the allowed headers are answered as configured, never reflected from the request', () => {
  const cors = prepareCors({ origins: [app], allowHeaders: ['X-Api-Key'] });
  const answer = cors.preflight(app, 'GET', 'x-api-key', todoMethods);
  assert.is(headersOf(answer.headers)['access-control-allow-headers'], 'x-api-key');
  assert.is(cors.preflight(app, 'GET', 'content-type', todoMethods).status, 403);
  assert.is(cors.preflight(app, 'GET', ' , ', todoMethods).status, 204, 'empty names are skipped');
});

test('configuration mistakes are start-up errors that name the fix', () => {
  assert.throws(() => prepareCors({ origins: ['http://localhost:5173/'] }), /is not an origin: write scheme:\/\/host\[:port\]/);
  assert.throws(() => prepareCors({ origins: ['null'] }), /'null' is not an origin that can be trusted/);
  assert.throws(() => prepareCors({ origins: ['*', app] }), /'\*' stands alone/);
  assert.throws(() => prepareCors({ origins: [app], maxAge: -1 }), /maxAge is a whole number/);
  assert.throws(() => prepareCors({ origins: [app], exposeHeaders: ['bad header'] }), /not a valid header/);
  assert.throws(() => prepareCors({} as never), /give the origins/);
});

test('a listed origin and a refused one are answered with records prepared once; only an origin a RegExp allows costs an object', () => {
  const cors = prepareCors({ origins: [app, /^https:\/\/[a-z]+\.example\.com$/] });
  assert.is(cors.corsHeadersFor('http://evil.test'), cors.corsHeadersFor(undefined));
  assert.ok(Object.isFrozen(cors.corsHeadersFor(undefined)));
  assert.is(cors.corsHeadersFor(app), cors.corsHeadersFor(app));
  assert.ok(Object.isFrozen(cors.corsHeadersFor(app)));
  const matched = cors.corsHeadersFor('https://eu.example.com');
  assert.is(matched['access-control-allow-origin'], 'https://eu.example.com');
  assert.is.not(matched, cors.corsHeadersFor('https://eu.example.com'));
});

test("a listed origin's allowed preflight is kept per list of methods; a RegExp's is made afresh; a header line's check is kept, a bounded few", () => {
  const cors = prepareCors({ origins: [app, /^https:\/\/[a-z]+\.example\.com$/] });
  const first = cors.preflight(app, 'POST', 'content-type', todoMethods);
  // The pipeline hands a fresh array of the path's methods to each preflight.
  assert.is(cors.preflight(app, 'GET', 'content-type', [...todoMethods]), first);
  assert.ok(Object.isFrozen(first.headers));
  const other = Object.freeze(['GET']);
  assert.is(cors.preflight(app, 'GET', undefined, other).headers['access-control-allow-methods'], 'GET', 'another path, its own methods');
  const matched = cors.preflight('https://eu.example.com', 'GET', undefined, todoMethods);
  assert.is(matched.headers['access-control-allow-origin'], 'https://eu.example.com');
  assert.is.not(matched, cors.preflight('https://eu.example.com', 'GET', undefined, todoMethods));
  // Many distinct allowed lines, then a refused one: the kept lines never let a refused name through.
  for (let i = 0; i < 100; i++) assert.is(cors.preflight(app, 'GET', `content-type${', authorization'.repeat(i % 50)}`, todoMethods).status, 204);
  assert.is(cors.preflight(app, 'GET', 'content-type, x-secret', todoMethods).status, 403);
});

test.run();
