// Forged origins against a cookie session (JwtAuthGuard reading `session`), over raw sockets: an
// Origin that differs only in case, a trailing dot, a default port spelled out, userinfo, two
// Origins, a Referer of another site without Origin, `Sec-Fetch-Site: cross-site` beside the
// application's own Origin, methods in odd case. Each is a 403 (or the parser's 400) that names the
// reason and echoes nothing; the application's own origin and the allowed one pass. And the
// settings that would let any origin in with credentials are refused at start-up.
import { FrameworkApplication, JwtService } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sessionTables } from '../auth/fixtures/session-app.js';
import { SECRET } from '../auth/fixtures/tokens.js';
import { exchange } from './fixtures/raw-http.js';

const ALLOWED = 'http://localhost:5173';

interface Context {
  app: FrameworkApplication;
  port: number;
  own: string;
  token: string;
}

const test = suite<Context>('hostile browser: CSRF of a cookie session');

test.before(async (context) => {
  const tables = sessionTables({ secret: SECRET, cookie: { name: 'session', origins: [ALLOWED] } });
  context.app = await new FrameworkApplication(tables, { logger: { log: () => undefined, warn: () => undefined, error: () => undefined } }).init(tables.rootModule);
  context.port = await context.app.listen(0, '127.0.0.1');
  context.own = `http://127.0.0.1:${context.port}`;
  context.token = await context.app.get<JwtService>(JwtService).sign({ sub: 'alice' });
});
test.after(async ({ app }) => app?.close());

/** A request to the guarded route with the session cookie and `headers`; its status and body, failing on a stack or an echo. */
async function call({ port, token }: Context, headers: string, method = 'POST', host = `127.0.0.1:${port}`): Promise<{ status: number; body: string }> {
  const request = `${method} /session/me HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\nCookie: session=${token}\r\nContent-Length: 0\r\n${headers}\r\n`;
  const { status, response } = await exchange(port, [request], { timeoutMs: 3000 });
  const body = response.slice(response.indexOf('\r\n\r\n') + 4);
  assert.not.match(response, /\bat \S+ \(|\.ts:\d+/, 'no stack in the answer');
  assert.not.match(body, /evil/, 'nothing of the request echoed');
  return { status, body };
}

/** Asserts that `start` rejects with a message matching `message`. */
async function refused(start: Promise<unknown>, message: RegExp, label: string): Promise<void> {
  const error = await start.then(() => undefined, (reason: unknown) => reason);
  assert.instance(error, Error, `${label}: the start fails`);
  assert.match((error as Error).message, message, label);
}

const refusal = /authenticated by a cookie but comes from another site/;

test("the application's own origin and the allowed one pass; a same-origin fetch without Origin passes", async (context) => {
  for (const headers of [`Origin: ${context.own}\r\n`, `Origin: ${ALLOWED}\r\n`, 'Sec-Fetch-Site: same-origin\r\n']) {
    const { status, body } = await call(context, headers);
    assert.is(status, 200, headers);
    assert.match(body, /"sub":"alice"/);
  }
});

test('origins that only look like the own one are refused: case, trailing dot, default port, userinfo, two of them', async (context) => {
  const { own, port } = context;
  const forged = [
    own.toUpperCase(),
    `http://127.0.0.1.:${port}`,
    `http://evil@127.0.0.1:${port}`,
    `${ALLOWED}:80`.replace(':5173', ''),
    `http://localhost:5173.`,
    `${own}, http://evil.test`,
    `${own}/`,
    'null',
  ];
  for (const origin of forged) {
    const { status, body } = await call(context, `Origin: ${origin}\r\n`);
    assert.is(status, 403, origin);
    assert.match(body, refusal, origin);
  }
  // Two Origin lines: Node joins them into one list, which is no origin.
  for (const pair of [[own, 'http://evil.test'], ['http://evil.test', own]]) {
    assert.is((await call(context, pair.map((origin) => `Origin: ${origin}\r\n`).join(''))).status, 403, pair.join(' + '));
  }
  // The default port spelled out: browsers never send it, and the request's own origin has none.
  assert.is((await call(context, 'Origin: http://127.0.0.1:80\r\n', 'POST', '127.0.0.1:80')).status, 403, 'Origin :80 against Host :80');
  assert.is((await call(context, 'Origin: http://127.0.0.1\r\n', 'POST', '127.0.0.1:80')).status, 200, 'the serialized origin against Host :80');
});

test("without Origin, a Referer of another site or of the own one is not enough; Sec-Fetch-Site must say same-origin, in its own case", async (context) => {
  for (const headers of ['Referer: http://evil.test/form\r\n', `Referer: ${context.own}/page\r\n`, 'Sec-Fetch-Site: SAME-ORIGIN\r\n', 'Sec-Fetch-Site: same-origin\r\nSec-Fetch-Site: cross-site\r\n', 'Sec-Fetch-Site: none\r\n']) {
    const { status, body } = await call(context, headers);
    assert.is(status, 403, headers);
    assert.match(body, refusal);
  }
});

test("Sec-Fetch-Site: cross-site or same-site beside the application's own Origin is refused: no browser sends the pair", async (context) => {
  for (const site of ['cross-site', 'same-site']) {
    const { status, body } = await call(context, `Origin: ${context.own}\r\nSec-Fetch-Site: ${site}\r\n`);
    assert.is(status, 403, site);
    assert.match(body, refusal);
  }
  // An allowed other origin is cross-site or same-site by nature: it still passes.
  assert.is((await call(context, `Origin: ${ALLOWED}\r\nSec-Fetch-Site: cross-site\r\n`)).status, 200);
  assert.is((await call(context, `Origin: ${context.own}\r\nSec-Fetch-Site: same-origin\r\n`)).status, 200);
});

test('an Authorization header a browser attaches by itself (Basic, cached) or an empty Bearer does not exempt the cookie from the check', async (context) => {
  for (const authorization of ['Basic YWxpY2U6c2VjcmV0', 'Bearer', 'Bearer ']) {
    const { status, body } = await call(context, `Origin: http://evil.test\r\nAuthorization: ${authorization}\r\n`);
    assert.is(status, 403, authorization);
    assert.match(body, refusal, authorization);
  }
});

test('methods: a safe GET passes from anywhere, a method in odd case is refused by the parser or, through app.fetch, not let through', async (context) => {
  assert.is((await call(context, 'Origin: http://evil.test\r\n', 'GET')).status, 200, 'GET changes nothing, so it is not checked');
  // No method override makes an unsafe request pass for a safe one.
  for (const header of ['X-HTTP-Method-Override: GET', 'X-HTTP-Method: GET', 'X-Method-Override: GET']) {
    assert.is((await call(context, `Origin: http://evil.test\r\n${header}\r\n`)).status, 403, header);
  }
  for (const method of ['post', 'PoSt', 'pOST']) assert.is((await call(context, 'Origin: http://evil.test\r\n', method)).status, 400, method);
  // The Fetch API upper-cases the standard methods (post) and leaves the others (PROPFIND, mOVE) as sent.
  for (const method of ['post', 'Put', 'Delete', 'PROPFIND', 'mOVE']) {
    const answer = await context.app.fetch(new Request(`${context.own}/session/me`, { method, headers: { cookie: `session=${context.token}`, origin: 'http://evil.test' } }));
    assert.ok(answer.status === 403 || answer.status === 405, `${method}: ${answer.status}`);
    assert.not.match(await answer.text(), /"sub"/, `${method} reaches no handler`);
  }
});

test('settings that let any origin in with credentials are start-up errors, however written', async () => {
  const tables = sessionTables({ secret: SECRET, cookie: 'session' });
  const anyOrigin = [/.*/, /^https?:\/\/.+$/, /[\s\S]*/, () => true];
  for (const origins of anyOrigin) {
    const app = new FrameworkApplication(tables, { cors: { origins, credentials: true } });
    await refused(app.init(tables.rootModule), /credentials: true with origins that let any origin in/, String(origins));
    // JwtModule.forRoot checks its settings when the module is declared.
    assert.throws(() => sessionTables({ secret: SECRET, cookie: { name: 'session', origins } }), /cookie.origins lets any origin in/, String(origins));
  }
  // Anchored to a domain, or without credentials, they are accepted.
  const fine = new FrameworkApplication(tables, { cors: { origins: /^https:\/\/[a-z]+\.example\.com$/, credentials: true } });
  await fine.init(tables.rootModule);
  await fine.close();
  const open = new FrameworkApplication(tables, { cors: { origins: /.*/ } });
  await open.init(tables.rootModule);
  await open.close();
});

test('the server still serves after all of it', async (context) => {
  assert.is((await call(context, `Origin: ${context.own}\r\n`)).status, 200);
});

test.run();
