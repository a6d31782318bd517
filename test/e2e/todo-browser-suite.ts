// The todo example's browser-facing contract over a real socket, the same assertions on every host
// it is started on (test/deno/todo-example.test.ts: Node and Deno): CORS preflights answered from
// the route table, CORS and security headers on ordinary answers, the session cookie login, the
// CSRF origin check on unsafe requests authenticated by it, and the logout.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { LaunchedServer } from '../launch.js';

/** The single-page app allowed by CORS_ORIGINS. */
export const SPA_ORIGIN = 'http://localhost:5173';
/** CORS_ORIGINS as the suite starts the example with it (spaces and all, as a person writes it). */
export const CORS_ORIGINS = ` ${SPA_ORIGIN}, https://app.example.com `;

const EVIL = 'http://evil.test';
const DEMO = JSON.stringify({ username: 'demo', password: 'demo' });
const TODO = JSON.stringify({ name: 'from a page', priority: 1, colorLabel: '#ff8800' });

interface Context {
  server: LaunchedServer;
  cookie: string;
}

/** The Access-Control-Allow-* headers of an answer, by name. */
function allowHeaders(response: Response): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-allow-')));
}

/** Whether a Vary header lists Origin. */
function variesByOrigin(response: Response): boolean {
  return (response.headers.get('vary') ?? '').split(',').some((name) => name.trim().toLowerCase() === 'origin');
}

/**
 * Registers the suite for one host; `start` launches the example with `CORS_ORIGINS` set to
 * {@link CORS_ORIGINS} (and a JWT_SECRET), once for the whole suite.
 *
 * @example
 * registerTodoBrowserSuite('node', () => launch(process.execPath, [main], { env: { JWT_SECRET, CORS_ORIGINS } }));
 */
export function registerTodoBrowserSuite(runtime: string, start: () => Promise<LaunchedServer>): void {
  const test = suite<Context>(`todo example in a browser (${runtime})`);

  test.before(async (context) => {
    context.server = await start();
  });
  test.after(async ({ server }) => server?.stop());

  test('a preflight is answered from the route table: the path’s methods, credentials, max-age, Vary: Origin; no guard runs', async ({ server }) => {
    const preflight = (path: string, origin: string, method = 'POST') =>
      fetch(server.base + path, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' } });
    const list = await preflight('/todo', SPA_ORIGIN);
    assert.is(list.status, 204);
    assert.equal(allowHeaders(list), {
      'access-control-allow-origin': SPA_ORIGIN,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
      'access-control-allow-headers': 'authorization, content-type',
    });
    assert.is(list.headers.get('access-control-max-age'), '600');
    assert.ok(variesByOrigin(list), `Vary: ${list.headers.get('vary')}`);
    const one = await preflight('/todo/42', 'https://app.example.com', 'PUT');
    assert.is(one.status, 204);
    assert.is(one.headers.get('access-control-allow-methods'), 'GET, HEAD, PUT, DELETE, OPTIONS');
    assert.is(one.headers.get('access-control-allow-origin'), 'https://app.example.com');
    const elsewhere = await preflight('/todo', EVIL);
    assert.equal(allowHeaders(elsewhere), {}, 'a disallowed origin gets no Access-Control-Allow-* header');
    assert.ok(variesByOrigin(elsewhere), `Vary: ${elsewhere.headers.get('vary')}`);
    // No route there, only the page's mount at `/`: a file's methods, so a POST is refused.
    const nowhere = await preflight('/nowhere', SPA_ORIGIN);
    assert.is(nowhere.status, 403);
    assert.equal(allowHeaders(nowhere), {});
  });

  test('ordinary answers carry the CORS headers for an allowed origin only, and Vary: Origin either way', async ({ server }) => {
    const allowed = await fetch(`${server.base}/health`, { headers: { origin: SPA_ORIGIN } });
    assert.is(allowed.status, 200);
    assert.is(allowed.headers.get('access-control-allow-origin'), SPA_ORIGIN);
    assert.is(allowed.headers.get('access-control-allow-credentials'), 'true');
    assert.is(allowed.headers.get('access-control-expose-headers'), 'x-request-id');
    assert.ok(variesByOrigin(allowed), `Vary: ${allowed.headers.get('vary')}`);
    const refused = await fetch(`${server.base}/health`, { headers: { origin: EVIL } });
    assert.is(refused.status, 200);
    assert.equal(allowHeaders(refused), {});
    assert.ok(variesByOrigin(refused), `Vary: ${refused.headers.get('vary')}`);
    const forbidden = await fetch(`${server.base}/todo`, { headers: { origin: SPA_ORIGIN } });
    assert.is(forbidden.status, 403);
    assert.is(forbidden.headers.get('access-control-allow-origin'), SPA_ORIGIN, 'an error answer is readable by the allowed page too');
  });

  // The page's static files carry nosniff alone, and a path with no route none (docs/limits.md).
  test('security headers on routed answers, refusals and the table’s 405; no HSTS over plain HTTP', async ({ server }) => {
    // JSON answers carry what every answer needs; the table's 405 the page's headers as well.
    for (const [method, path, page] of [['GET', '/health', false], ['GET', '/todo', false], ['DELETE', '/health', true], ['PUT', '/todo/1', false]] as const) {
      const response = await fetch(server.base + path, { method });
      await response.arrayBuffer();
      const where = `${method} ${path}`;
      assert.is(response.headers.get('x-content-type-options'), 'nosniff', where);
      assert.is(response.headers.get('x-frame-options'), 'SAMEORIGIN', where);
      assert.is(response.headers.get('referrer-policy'), page ? 'no-referrer' : null, where);
      assert.is(response.headers.get('cross-origin-opener-policy'), page ? 'same-origin' : null, where);
      assert.match(response.headers.get('content-security-policy') ?? 'none', page ? /frame-ancestors 'self'/ : /^none$/, where);
      assert.is(response.headers.get('strict-transport-security'), null, where);
    }
  });

  test('POST /auth/session answers 204 with an HttpOnly, SameSite=Lax session cookie, Secure behind a proxy saying https; wrong credentials set none', async (context) => {
    const { base } = context.server;
    const response = await fetch(`${base}/auth/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: SPA_ORIGIN }, body: DEMO });
    assert.is(response.status, 204);
    assert.is(response.headers.get('access-control-allow-origin'), SPA_ORIGIN);
    const lines = response.headers.getSetCookie();
    assert.is(lines.length, 1);
    assert.match(lines[0]!, /^session=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
    context.cookie = lines[0]!.split(';')[0]!;
    const wrong = await fetch(`${base}/auth/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'nope' }) });
    assert.is(wrong.status, 401);
    assert.equal(wrong.headers.getSetCookie(), []);
    const proxied = await fetch(`${base}/auth/session`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' }, body: DEMO });
    assert.is(proxied.status, 204);
    assert.match(proxied.headers.getSetCookie()[0] ?? '', /; HttpOnly; Secure; SameSite=Lax$/, 'Secure behind a trusted (loopback) proxy that says https');
    assert.is(proxied.headers.get('strict-transport-security'), null, 'HSTS only when this server spoke TLS');
  });

  test('the session cookie authenticates; an unsafe request with it is let through from the app or an allowed origin, refused (403) from another site', async ({ server, cookie }) => {
    const { base } = server;
    assert.is((await fetch(`${base}/todo`, { headers: { cookie } })).status, 200);
    assert.is((await fetch(`${base}/todo`, { headers: { cookie: 'session=forged.token.value' } })).status, 403);
    // A site's other cookies may pass 8 KiB: the session is still read among them.
    assert.is((await fetch(`${base}/todo`, { headers: { cookie: `pad=${'x'.repeat(9000)}; ${cookie}` } })).status, 200);
    // A malformed Cookie header is a plain refusal.
    for (const bad of ['session', '=;;; ;=', 'session=%E0%A4%A']) {
      const refused = await fetch(`${base}/todo`, { headers: { cookie: bad } });
      assert.is(refused.status, 403, bad.slice(0, 40));
      assert.not.match(await refused.text(), /at |Error:/, 'no stack');
    }
    const create = (headers: Record<string, string>) => fetch(`${base}/todo`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: TODO });
    for (const origin of [base, SPA_ORIGIN, 'https://app.example.com']) assert.is((await create({ cookie, origin })).status, 200, origin);
    assert.is((await create({ cookie, 'sec-fetch-site': 'same-origin' })).status, 200, 'no Origin, Sec-Fetch-Site: same-origin');
    const forgeries: Record<string, string>[] = [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of forgeries) {
      const forged = await create({ cookie, ...headers });
      assert.is(forged.status, 403, JSON.stringify(headers));
      assert.match(((await forged.json()) as { message: string }).message, /authenticated by a cookie but comes from another site/);
    }
    const login = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: DEMO });
    const { access_token } = (await login.json()) as { access_token: string };
    assert.is((await create({ authorization: `Bearer ${access_token}`, origin: EVIL })).status, 200, 'a request authenticated by the header is not checked');
  });

  test('DELETE /auth/session clears the cookie', async ({ server }) => {
    const response = await fetch(`${server.base}/auth/session`, { method: 'DELETE', headers: { origin: SPA_ORIGIN } });
    assert.is(response.status, 204);
    assert.equal(response.headers.getSetCookie(), ['session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax']);
  });

  test.run();
}
