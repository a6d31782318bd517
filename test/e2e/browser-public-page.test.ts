// The example's web page (examples/todo/public/, served at / by app.serveStatic) in Debian's
// Chromium, headless: it signs in, and the list it shows is the one GET /todo answers (a todo made
// through the API first, then one added through the page). The screenshot is kept under
// test/artifacts/ (ignored by git).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchHeadlessChromium } from '../headless-chromium.js';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ARTIFACTS = path.join(ROOT, 'test/artifacts');

interface Context {
  base: string;
  browser: BrowserContext;
  stop: () => Promise<void>;
}

const test = suite<Context>("the example's web page in a headless browser");

test.before(async (context) => {
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app } = await bootstrap();
  context.base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
  context.stop = () => app.close();
  context.browser = await launchHeadlessChromium({ viewport: { width: 900, height: 700 } });
});

test.after(async (context) => {
  await context.browser?.close();
  await context.stop?.();
});

test('the page, its script and stylesheet are served at / with types and validators; the API is unchanged', async ({ base }) => {
  const page = await fetch(`${base}/`);
  assert.is(page.status, 200);
  assert.match(page.headers.get('content-type') ?? '', 'text/html');
  assert.ok(page.headers.get('etag'));
  assert.match((await fetch(`${base}/app.js`)).headers.get('content-type') ?? '', 'javascript');
  assert.match((await fetch(`${base}/app.css`)).headers.get('content-type') ?? '', 'text/css');
  assert.is((await fetch(`${base}/todo`)).status, 403, 'the API still needs its token');
  assert.is((await fetch(`${base}/nothing.js`)).status, 404);
});

test('signed in, the page lists the todos GET /todo answers, and adds one through the API', async ({ base, browser }) => {
  const { access_token: token } = (await (await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) })).json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await fetch(`${base}/todo`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'made through the API', priority: 2, colorLabel: '#ff8800' }) });

  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.click('#login button');
  await page.waitForSelector('#todos li');
  const shown = await page.$$eval('#todos li span', (items) => items.map((item) => item.textContent));
  const listed = (await (await fetch(`${base}/todo`, { headers: auth })).json()) as { title: string }[];
  assert.equal(shown, listed.map((todo) => todo.title));
  assert.ok(shown.includes('made through the API'));

  await page.fill('#add input[name=name]', 'added on the page');
  await page.click('#add button');
  await page.waitForFunction(() => [...document.querySelectorAll('#todos li span')].some((item) => item.textContent === 'added on the page'));
  const after = (await (await fetch(`${base}/todo`, { headers: auth })).json()) as { title: string }[];
  assert.ok(after.some((todo) => todo.title === 'added on the page'), 'the page added it through POST /todo');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'public-page.png'), fullPage: true });
  assert.equal(errors, []);
  await page.close();
});

test.run();
