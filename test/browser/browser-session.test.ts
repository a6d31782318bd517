/**
 * The example's browser login and its refusals, decided by a real browser (Debian's Chromium,
 * headless): the session cookie set by POST /auth/session is kept HttpOnly and sent back; a page
 * of another site cannot read the API (no CORS grant); a form another page posts with the cookie
 * is refused, by the browser withholding a SameSite=Lax cookie cross-site, and by the API's
 * origin check for a same-site page of another origin.
 *
 * Origins: the API on http://127.0.0.1:<api>; the allowed page (in CORS_ORIGINS) on
 * http://127.0.0.1:<spa>; a page server on http://127.0.0.1:<pages> (same site, another origin,
 * not in CORS_ORIGINS) and, through Chromium's host resolver, on http://evil.test:<pages> (another site).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameworkApplication } from '@framework/core';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchHeadlessChromium } from '../headless-chromium.js';

interface Context {
  app: FrameworkApplication;
  api: string;
  pages: http.Server;
  pagesPort: number;
  spa: http.Server;
  spaOrigin: string;
  browser: BrowserContext;
  page: Page;
}

const test = suite<Context>('the example in a headless browser: session cookie, CORS, CSRF');

/** A page that posts a form to the API as soon as it loads, as a forging site would. */
const formPage = (api: string) => `<!doctype html><meta charset="utf-8"><title>form</title>
<form id="forged" method="POST" action="${api}/todo"><input name="name" value="forged"></form>
<script>document.getElementById('forged').submit();</script>`;

test.before(async (context) => {
  process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';
  context.pages = http.createServer((request, response) => {
    const body = request.url === '/form' ? formPage(context.api) : '<!doctype html><meta charset="utf-8"><title>page</title><p>a page of another origin</p>';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => context.pages.listen(0, '127.0.0.1', resolve));
  context.pagesPort = (context.pages.address() as AddressInfo).port;
  context.spa = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><meta charset="utf-8"><title>spa</title><p>the allowed app</p>');
  });
  await new Promise<void>((resolve) => context.spa.listen(0, '127.0.0.1', resolve));
  context.spaOrigin = `http://127.0.0.1:${(context.spa.address() as AddressInfo).port}`;
  process.env.CORS_ORIGINS = context.spaOrigin;
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app } = await bootstrap();
  context.app = app;
  context.api = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
  context.browser = await launchHeadlessChromium({ args: ['--host-resolver-rules=MAP evil.test 127.0.0.1'] });
  context.page = await context.browser.newPage();
});

test.after(async (context) => {
  await context.browser?.close();
  await context.app?.close();
  await new Promise((resolve) => context.pages?.close(resolve));
  await new Promise((resolve) => context.spa?.close(resolve));
});

test('POST /auth/session logs the browser in: the cookie is HttpOnly, SameSite=Lax, and sent back to guarded routes', async ({ api, browser, page }) => {
  await page.goto(`${api}/auth/login`);
  const outcome = await page.evaluate(async () => {
    const login = await fetch('/auth/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) });
    const todos = await fetch('/todo');
    return { login: login.status, todos: todos.status, visibleToScripts: document.cookie.includes('session=') };
  });
  assert.equal(outcome, { login: 204, todos: 200, visibleToScripts: false });
  const [session] = (await browser.cookies(api)).filter((cookie) => cookie.name === 'session');
  assert.ok(session, 'the browser keeps the session cookie');
  assert.is(session!.httpOnly, true);
  assert.is(session!.sameSite, 'Lax');
  assert.is(session!.path, '/');
});

test('the allowed origin reads the API with the cookie, and creates a todo through a preflight', async ({ api, page, spaOrigin }) => {
  await page.goto(`${spaOrigin}/`);
  const outcome = await page.evaluate(async (target) => {
    const list = await fetch(`${target}/todo`, { credentials: 'include' });
    const created = await fetch(`${target}/todo`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'from the allowed app', priority: 1, colorLabel: '#ff8800' }),
    });
    return { list: list.status, isArray: Array.isArray(await list.json()), created: created.status, title: ((await created.json()) as { title: string }).title };
  }, api);
  assert.equal(outcome, { list: 200, isArray: true, created: 200, title: 'from the allowed app' });
});

test('answers without a route carry the CORS and security headers: a 404, a static file', async ({ api, page, spaOrigin }) => {
  await page.goto(`${spaOrigin}/`);
  const seen = (method: string, url: string) => page.waitForResponse((response) => response.url() === url && response.request().method() === method);
  const answers = [seen('POST', `${api}/no/such/path`), seen('GET', `${api}/app.css`)];
  // A simple POST (no preflight) to a path no route has: the pipeline's own 404; and a file of the example's public directory.
  const outcome = await page.evaluate(async (target) => {
    const missing = await fetch(`${target}/no/such/path`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    const file = await fetch(`${target}/app.css`);
    return { missing: missing.status, body: await missing.json(), file: file.status, type: file.headers.get('content-type') };
  }, api);
  // Read by the page's script: the browser let the answers through, so they granted the allowed origin.
  assert.equal(outcome, { missing: 404, body: { status: 404, name: 'NotFoundException', message: 'Not found' }, file: 200, type: 'text/css; charset=utf-8' });
  for (const answer of await Promise.all(answers)) {
    const headers = await answer.allHeaders();
    const key = answer.url();
    assert.is(headers!['access-control-allow-origin'], spaOrigin, key);
    assert.is(headers!['x-content-type-options'], 'nosniff', key);
    assert.is(headers!['referrer-policy'], 'no-referrer', key);
    assert.is(headers!['x-frame-options'], 'SAMEORIGIN', key);
    assert.is(headers!['cross-origin-opener-policy'], 'same-origin', key);
  }
});

test('a page of another site cannot read the API with the cookie: the browser blocks the answer', async ({ api, page, pagesPort }) => {
  await page.goto(`http://evil.test:${pagesPort}/`);
  const outcome = await page.evaluate(async (target) => {
    try {
      const response = await fetch(`${target}/todo`, { credentials: 'include' });
      return `read ${response.status}`;
    } catch (error) {
      return `blocked: ${(error as Error).name}`;
    }
  }, api);
  assert.is(outcome, 'blocked: TypeError');
});

test('a form posted from another site is refused: the browser withholds the SameSite=Lax cookie', async ({ api, page, pagesPort }) => {
  const answer = page.waitForResponse((response) => response.url() === `${api}/todo` && response.request().method() === 'POST');
  await page.goto(`http://evil.test:${pagesPort}/form`);
  const response = await answer;
  assert.is(response.status(), 403);
  assert.is(response.request().headers().cookie, undefined, 'no cookie crossed sites');
  assert.equal(await response.json(), { status: 403, name: 'ForbiddenException', message: 'Forbidden' });
});

test('a form posted from a same-site page of another origin carries the cookie and is refused by the origin check', async ({ api, page, pagesPort }) => {
  const answer = page.waitForResponse((response) => response.url() === `${api}/todo` && response.request().method() === 'POST');
  await page.goto(`http://127.0.0.1:${pagesPort}/form`);
  const response = await answer;
  assert.is(response.status(), 403);
  assert.match((await response.request().allHeaders()).cookie ?? '', /session=/, 'the browser sent the cookie');
  assert.match(((await response.json()) as { message: string }).message, /authenticated by a cookie but comes from another site/);
});

test.run();
