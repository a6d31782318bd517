// CORS preflights answered from the route table by a running application (the example with
// CORS_ORIGINS), through its own server and through app.fetch: the methods of the path (a mount's for a
// path without routes), plain refusals for bad input, and never a guard or the throttler on the way.
import type { FrameworkApplication } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';
const spa = 'http://localhost:5173';
process.env.CORS_ORIGINS = spa;

interface Context {
  app: FrameworkApplication;
  base: string;
}

const test = suite<Context>('CORS preflights from the route table');

test.before(async (context) => {
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app } = await bootstrap();
  context.app = app;
  context.base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
});
test.after(async ({ app }) => {
  await app?.close();
});

/** The same preflight through the server and through app.fetch: both must answer alike. */
async function preflight({ app, base }: Context, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const served = await fetch(base + path, { method: 'OPTIONS', headers });
  const fetched = await app.fetch(new Request(`http://127.0.0.1${path}`, { method: 'OPTIONS', headers }));
  const pick = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-') || name === 'vary' || name.startsWith('x-ratelimit')));
  const one = { status: served.status, headers: pick(served), body: await served.text() };
  assert.equal({ status: fetched.status, headers: pick(fetched), body: await fetched.text() }, one, `app.fetch answers ${path} as the server does`);
  return one;
}

const vary = 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers';

test('an allowed preflight: 204 listing exactly the methods of the path, the allowed headers, credentials and max age', async (context) => {
  const todo = await preflight(context, '/todo', { origin: spa, 'access-control-request-method': 'POST', 'access-control-request-headers': 'Content-Type, Authorization' });
  assert.equal(todo, {
    status: 204,
    headers: {
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
      'access-control-allow-origin': spa,
      'access-control-max-age': '600',
      vary,
    },
    body: '',
  });
  const one = await preflight(context, '/todo/42', { origin: spa, 'access-control-request-method': 'DELETE' });
  assert.is(one.headers['access-control-allow-methods'], 'GET, HEAD, PUT, DELETE, OPTIONS');
});

test('a preflight for a path no route has, under the page\'s serveStatic mount at /: the mount\'s methods, no other', async (context) => {
  // A path outside every mount is a 404 that grants nothing (test/files/static-files.test.ts).
  const read = await preflight(context, '/nowhere', { origin: spa, 'access-control-request-method': 'GET' });
  assert.is(read.status, 204);
  assert.is(read.headers['access-control-allow-methods'], 'GET, HEAD, OPTIONS');
  assert.is(read.headers['access-control-allow-origin'], spa);
  const write = await preflight(context, '/nowhere', { origin: spa, 'access-control-request-method': 'POST' });
  assert.is(write.status, 403, 'not 2xx: the browser fails the preflight');
  assert.is(write.headers['access-control-allow-methods'], undefined);
  assert.is(write.headers['access-control-allow-origin'], undefined);
});

test('refusals: another origin, Origin: null, no origin, a method the path lacks, garbage, a header not allowed: 403, nothing reflected', async (context) => {
  const cases: Record<string, string>[] = [
    { origin: 'http://evil.test', 'access-control-request-method': 'GET' },
    { origin: 'null', 'access-control-request-method': 'GET' },
    { 'access-control-request-method': 'GET' },
    { origin: spa, 'access-control-request-method': 'PUT' },
    { origin: spa, 'access-control-request-method': 'G(E)T' },
    { origin: spa, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-evil-header' },
  ];
  for (const headers of cases) {
    const answer = await preflight(context, '/todo', headers);
    assert.is(answer.status, 403, JSON.stringify(headers));
    assert.equal(answer.headers, { vary }, JSON.stringify(headers));
    assert.not.match(answer.body, /evil|G\(E\)T|PUT/, 'the reason repeats nothing of the request');
  }
});

test('preflights reach no guard and no throttler: no rate-limit header, and the count is untouched', async (context) => {
  const remaining = async () => (await fetch(`${context.base}/todo`)).headers.get('x-ratelimit-remaining');
  const before = await remaining();
  for (let i = 0; i < 5; i++) {
    const answer = await preflight(context, '/todo', { origin: spa, 'access-control-request-method': 'GET' });
    assert.is(answer.headers['x-ratelimit-remaining'], undefined);
  }
  assert.is(Number(await remaining()), Number(before) - 1, 'only the GETs were counted');
});

test.run();
