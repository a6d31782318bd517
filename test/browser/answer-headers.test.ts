// The headers of ordinary answers from a running application (the example with CORS_ORIGINS and
// the docs page on), through its own server and app.fetch: CORS for an allowed origin, only
// `Vary: Origin` for any other, and the security headers on every answer (those that govern a
// page on every answer but the JSON and plain-text bodies), HSTS over TLS only; the docs page keeps
// its stricter policy.
import type { FrameworkApplication } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';
const spa = 'http://localhost:5173';
process.env.CORS_ORIGINS = spa;
process.env.DOCS = 'true';

const test = suite<{ app: FrameworkApplication; base: string }>('CORS and security headers on ordinary answers');

test.before(async (context) => {
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app } = await bootstrap();
  context.app = app;
  context.base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
});
test.after(async ({ app }) => {
  await app?.close();
  delete process.env.DOCS;
});

type Headers = Record<string, string>;
/** The same request through the server and app.fetch; both answer with the same headers of interest. */
async function get({ app, base }: { app: FrameworkApplication; base: string }, path: string, headers: Headers = {}, init: RequestInit = {}): Promise<{ status: number; headers: Headers }> {
  const pick = (response: Response): Headers =>
    Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary' || SECURITY.includes(name)));
  const served = await fetch(base + path, { headers, ...init });
  const fetched = await app.fetch(new Request(`http://127.0.0.1${path}`, { headers, ...init }));
  await served.arrayBuffer();
  await fetched.arrayBuffer();
  const one = { status: served.status, headers: pick(served) };
  assert.equal({ status: fetched.status, headers: pick(fetched) }, one, `app.fetch answers ${path} as the server does`);
  return one;
}

const SECURITY = ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'content-security-policy', 'strict-transport-security'];
// A JSON or plain-text answer carries these; one a browser may render as a page, the page's too.
const security = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' };
const pageSecurity = {
  ...security,
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'content-security-policy': "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'self'; form-action 'self'",
};

test('an allowed origin gets Access-Control-Allow-Origin, credentials, the exposed headers and Vary: Origin, on a refusal too', async (context) => {
  const answer = await get(context, '/todo', { origin: spa });
  assert.is(answer.status, 403, 'no token: the guard refuses, and the page can read why');
  assert.equal(answer.headers, {
    ...security,
    'access-control-allow-origin': spa,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'x-request-id',
    vary: 'Origin',
  });
});

test('another origin, Origin: null, none or garbage: no Access-Control-Allow-* header, only Vary: Origin', async (context) => {
  for (const origin of ['http://evil.test', 'null', undefined, 'http://localhost:5173\\evil']) {
    const answer = await get(context, '/health', origin === undefined ? {} : { origin });
    assert.is(answer.status, 200);
    assert.equal(answer.headers, { ...security, vary: 'Origin' }, String(origin));
  }
});

test("the page's security headers on the table's 405 and on an answer without a body; not on a JSON answer", async (context) => {
  const notAllowed = await get(context, '/health', {}, { method: 'DELETE' });
  assert.is(notAllowed.status, 405);
  assert.equal(notAllowed.headers, { ...pageSecurity, vary: 'Origin' });
  const logout = await get(context, '/auth/session', {}, { method: 'DELETE' });
  assert.is(logout.status, 204);
  assert.equal(logout.headers, { ...pageSecurity, vary: 'Origin' });
  const health = await get(context, '/health');
  assert.is(health.status, 200);
  assert.equal(health.headers, { ...security, vary: 'Origin' });
});

test('HSTS only over TLS', async ({ app }) => {
  const overTls = await app.fetch(new Request('https://api.example.com/health'));
  assert.is(overTls.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains');
  const plain = await app.fetch(new Request('http://api.example.com/health'));
  assert.is(plain.headers.get('strict-transport-security'), null);
});

test('the docs page keeps its own stricter policy and X-Frame-Options: DENY', async (context) => {
  const page = await get(context, '/docs');
  assert.is(page.status, 200);
  assert.match(page.headers['content-security-policy']!, /^default-src 'none'; script-src 'self'/);
  assert.is(page.headers['x-frame-options'], 'DENY');
});

test.run();
