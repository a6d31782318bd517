// The example's docs page (`app.serveDocs('/docs', …)`) in Debian's Chromium, headless: it loads
// with no console error and no request leaving the server, and lists the example's routes. The
// screenshot is kept under test/artifacts/ (ignored by git).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchHeadlessChromium } from '../headless-chromium.js';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';
process.env.DOCS = 'true'; // the example serves its docs page only when asked

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ARTIFACTS = path.join(ROOT, 'test/artifacts');

interface Context {
  base: string;
  browser: BrowserContext;
  stop: () => Promise<void>;
}

const test = suite<Context>('the docs page in a headless browser');

test.before(async (context) => {
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app } = await bootstrap();
  context.base = `http://127.0.0.1:${await app.listen(0)}`;
  context.stop = () => app.close();
  context.browser = await launchHeadlessChromium({ viewport: { width: 1280, height: 1600 } });
});

test.after(async (context) => {
  await context.browser?.close();
  await context.stop?.();
});

test('GET /docs/openapi.json is the document framework-build wrote', async ({ base }) => {
  const response = await fetch(`${base}/docs/openapi.json`);
  assert.is(response.status, 200);
  assert.equal(await response.json(), JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/todo/openapi.json'), 'utf8')));
  assert.is((await fetch(`${base}/docs/assets/other.js`)).status, 404);
});

test('the page loads with no console error, fetches nothing from elsewhere, and lists every route', async ({ base, browser }) => {
  const page = await browser.newPage();
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (!request.url().startsWith(base) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  const response = await page.goto(`${base}/docs`, { waitUntil: 'networkidle' });
  assert.is(response?.status(), 200);
  await page.waitForSelector('.opblock', { timeout: 20_000 });
  const document = JSON.parse(fs.readFileSync(path.join(ROOT, 'generated/todo/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const listed = await page.$$eval('.opblock', (blocks) =>
    blocks.map((b) => `${b.querySelector('.opblock-summary-method')?.textContent?.trim()} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
  );
  const expected = Object.entries(document.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
  assert.equal([...listed].sort(), [...expected].sort());
  assert.match(await page.title(), 'Todo example');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'docs-page.png'), fullPage: true });
  assert.equal(errors, []);
  assert.equal(foreign, []);
  await page.close();
});

test.run();
