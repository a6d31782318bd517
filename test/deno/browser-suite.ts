// What a browser's page meets, black-box against the fixture app in a child process, the same
// assertions on every host (Node's own server, Deno through the web adapter): `@Cors` overrides
// over the application's `cors` option, refused preflights and origins, `@SetHeader`, cookies that
// are malformed, oversized, forged or of the wrong type, and URI and media-type versioning (header
// versioning: fixture-suite.ts).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { LaunchedServer } from '../launch.js';

/** Starts the fixture app with these extra environment variables (FIXTURE_VERSIONING). */
export type StartFixture = (env?: Record<string, string>) => Promise<LaunchedServer>;

/** The origin of the application's `cors` option (main.ts). */
const SPA = 'http://localhost:5173';
const ADMIN = 'https://admin.example.com';

interface Context {
  server: LaunchedServer;
}

/** A preflight's status and CORS headers, and its body (a refusal's reason). */
async function preflight(base: string, path: string, headers: Record<string, string>) {
  const response = await fetch(base + path, { method: 'OPTIONS', headers });
  const cors = Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-')));
  return { status: response.status, cors, vary: response.headers.get('vary'), body: await response.text() };
}

async function answer(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers });
  const text = await response.text();
  return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : text, headers: response.headers };
}

/**
 * Registers the suites for one host; `start` launches a fresh fixture process for each.
 *
 * @example
 * registerBrowserSuites('deno', (env) => launch(deno.path, [...denoRunFlags([proto]), main], { env: { JWT_SECRET, ...env } }));
 */
export function registerBrowserSuites(runtime: string, start: StartFixture): void {
  const browser = suite<Context>(`fixture app: CORS, headers, cookies and URI versioning (${runtime})`);
  const mediaType = suite<Context>(`fixture app: media-type versioning (${runtime})`);
  browser.before(async (context) => {
    context.server = await start({ FIXTURE_VERSIONING: 'uri' });
  });
  mediaType.before(async (context) => {
    context.server = await start({ FIXTURE_VERSIONING: 'media-type' });
  });
  for (const s of [browser, mediaType]) s.after(async ({ server }) => server?.stop());

  browser("the application's cors option answers the routes without @Cors; @Cors(false) refuses its method only", async ({ server }) => {
    const ask = (method: string, origin = SPA) => preflight(server.base, '/notes', { origin, 'access-control-request-method': method });
    const allowed = await ask('POST');
    assert.is(allowed.status, 204);
    assert.equal(allowed.cors, {
      'access-control-allow-origin': SPA,
      'access-control-allow-methods': 'GET, HEAD, POST, DELETE, OPTIONS',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-max-age': '60',
    });
    assert.is((await ask('GET')).status, 204);
    assert.is((await ask('DELETE')).status, 403, '@Cors(false) on the DELETE handler');
    assert.is((await ask('POST', ADMIN)).status, 403, "the admin origin is the admin controller's only");
  });

  browser("a controller's @Cors origins (a list and a RegExp), credentials and exposed headers replace the application's, its maxAge kept", async ({ server }) => {
    const ask = (origin: string) => preflight(server.base, '/admin', { origin, 'access-control-request-method': 'GET' });
    const admin = await ask(ADMIN);
    assert.is(admin.status, 204);
    assert.is(admin.cors['access-control-allow-origin'], ADMIN);
    assert.is(admin.cors['access-control-allow-credentials'], 'true');
    assert.is(admin.cors['access-control-max-age'], '60');
    assert.is((await ask('https://eu.admin.example.com')).cors['access-control-allow-origin'], 'https://eu.admin.example.com');
    for (const origin of ['https://eu.admin.example.com.evil.test', SPA]) assert.is((await ask(origin)).status, 403, origin);
    const read = await answer(server.base, '/admin', { origin: 'https://eu.admin.example.com' });
    assert.is(read.status, 200);
    assert.is(read.headers.get('access-control-allow-origin'), 'https://eu.admin.example.com');
    assert.is(read.headers.get('access-control-allow-credentials'), 'true');
    assert.is(read.headers.get('access-control-expose-headers'), 'x-admin');
    assert.is((await answer(server.base, '/admin', { origin: SPA })).headers.get('access-control-allow-origin'), null);
  });

  browser('refused preflights: Origin: null, another origin, a header not allowed, a garbage method; 403 with no Access-Control-Allow-*, nothing reflected', async ({ server }) => {
    const cases: Record<string, string>[] = [
      { origin: 'null', 'access-control-request-method': 'GET' },
      { origin: 'http://evil.test', 'access-control-request-method': 'GET' },
      { origin: SPA, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-evil-header' },
      { origin: SPA, 'access-control-request-method': 'G(E)T' },
      { origin: SPA, 'access-control-request-method': 'GE T' },
    ];
    for (const headers of cases) {
      const refused = await preflight(server.base, '/notes', headers);
      assert.is(refused.status, 403, JSON.stringify(headers));
      assert.equal(refused.cors, {}, JSON.stringify(headers));
      assert.match(refused.vary ?? '', /Origin/, JSON.stringify(headers));
      assert.not.match(refused.body, /evil|G\(E\)T|null/, 'the reason repeats nothing of the request');
    }
    const unknown = await preflight(server.base, '/nowhere', { origin: SPA, 'access-control-request-method': 'GET' });
    assert.is(unknown.status, 404);
    // The 404 carries the application's CORS headers (the page can read it) but grants no method.
    assert.is(unknown.cors['access-control-allow-methods'], undefined);
    assert.is(unknown.cors['access-control-allow-headers'], undefined);
    const nullOrigin = await answer(server.base, '/notes', { origin: 'null' });
    assert.is(nullOrigin.status, 200);
    assert.is(nullOrigin.headers.get('access-control-allow-origin'), null, 'Origin: null is never allowed');
    assert.match(nullOrigin.headers.get('vary') ?? '', /Origin/);
  });

  browser('@SetHeader headers are on every successful answer, and not on an error', async ({ server }) => {
    const ok = await answer(server.base, '/browser/cached');
    assert.is(ok.status, 200);
    assert.is(ok.headers.get('cache-control'), 'max-age=60');
    assert.is(ok.headers.get('x-answer'), 'fixed');
    const failed = await answer(server.base, '/browser/failing');
    assert.is(failed.status, 500);
    assert.is(failed.headers.get('x-answer'), null);
    assert.not.match(JSON.stringify(failed.body), /boom|at /, 'no message or stack of the error leaks');
  });

  browser('bad cookies: malformed is read as far as it parses, oversized is a 431, forged reads as absent, a wrong type is a 400 naming it', async ({ server }) => {
    const session = (cookie: string) => answer(server.base, '/browser/session', { cookie });
    assert.equal(await session('garbage; ;; =; visits=2; visits=9').then((r) => r.body), { user: null, visits: 2 });
    assert.equal((await session('session=%E0%A4%A; visits=1')).body, { user: null, visits: 1 }, 'a value that does not decode, unsigned: absent');
    assert.equal((await session('session=user-7.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).body, { user: null, visits: 0 }, 'a forged signature');
    const typed = await session('visits=many');
    assert.equal(typed.body, { status: 400, name: 'InvalidParameterException', message: "Cookie 'visits' must be a number, got 'many'", parameter: 'visits', in: 'cookie' });
    const big = await session(`visits=1; pad=${'x'.repeat(17 * 1024)}`);
    // Node's own header limit (16 KiB in all) may refuse it first, with its own empty 431.
    assert.is(big.status, 431);
    assert.is((await session('visits=4')).status, 200, 'the server keeps serving');
  });

  browser('URI versioning: each version under its prefix, a neutral route and unversioned ones at their paths, others 404', async ({ server }) => {
    assert.equal((await answer(server.base, '/v1/browser/version')).body, { version: 1 });
    assert.equal((await answer(server.base, '/v2/browser/version')).body, { version: 2 });
    assert.equal((await answer(server.base, '/browser/neutral')).body, { neutral: true });
    for (const path of ['/v3/browser/version', '/browser/version']) assert.is((await answer(server.base, path)).status, 404, path);
    assert.is((await answer(server.base, '/browser/cached')).status, 200);
  });

  mediaType('media-type versioning: the version is a parameter of Accept; none that fits is a 404; a neutral route answers any', async ({ server }) => {
    const version = (accept: string) => answer(server.base, '/browser/version', { accept });
    assert.equal((await version('application/json;v=2')).body, { version: 2 });
    assert.equal((await version('text/html, application/json; q=0.9; v=1')).body, { version: 1 });
    for (const accept of ['application/json', 'application/json;v=3']) assert.is((await version(accept)).status, 404, accept);
    assert.equal((await answer(server.base, '/browser/neutral', { accept: 'application/json;v=9' })).body, { neutral: true });
    assert.is((await answer(server.base, '/browser/cached', { accept: 'application/json;v=7' })).status, 200, 'a route without a version answers every version');
  });

  browser.run();
  mediaType.run();
}
