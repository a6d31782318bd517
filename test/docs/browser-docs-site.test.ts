// The documentation site, built by `vitepress build` as `npm run docs:build` does (into a temporary
// folder), with no warning, served as static files and opened in Debian's Chromium, headless: a
// page renders with its sidebar, a sidebar link leads to another page, and the local search finds
// a diagnostic code and goes to its entry. No error on the console. Every link of every built
// page (and every #anchor) leads to a file and a heading of the site.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchHeadlessChromium } from '../headless-chromium.js';
import { ROOT } from './markdown.js';

interface Context {
  base: string;
  browser: BrowserContext;
  site: string;
  /** What `vitepress build` printed. */
  log: string;
  server: http.Server;
}

const test = suite<Context>('the documentation site in a headless browser');

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

/** A static file server over the built site, as any web server would serve it. */
function serve(site: string): http.Server {
  return http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let file = path.join(site, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (file.endsWith(path.sep) || url.pathname === '/') file = path.join(file, 'index.html');
    if (!file.startsWith(site) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(response);
  });
}

test.before(async (context) => {
  context.site = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-docs-site-'));
  const started = performance.now();
  const built = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'docs', '--outDir', context.site], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  assert.is(built.status, 0, `vitepress build failed:\n${built.stdout}${built.stderr}`);
  context.log = built.stdout + built.stderr;
  console.log(`  vitepress build: ${Math.round(performance.now() - started)} ms`);
  context.server = serve(context.site);
  await new Promise<void>((resolve) => context.server.listen(0, '127.0.0.1', resolve));
  context.base = `http://127.0.0.1:${(context.server.address() as { port: number }).port}`;
  context.browser = await launchHeadlessChromium({ viewport: { width: 1280, height: 900 } });
});

test.after(async (context) => {
  await context.browser?.close();
  await new Promise((resolve) => context.server?.close(resolve));
  if (context.site) fs.rmSync(context.site, { recursive: true, force: true });
});

/** Opens a page, collecting console errors and failed requests of the site. */
async function open(browser: BrowserContext, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (answer) => {
    if (answer.status() >= 400) errors.push(`${answer.status()} ${answer.url()}`);
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  assert.is(response?.status(), 200, url);
  return { page, errors };
}

test('the site builds without a warning (an unknown code block language, a dead link)', ({ log }) => {
  assert.equal(log.split('\n').filter((line) => /warn|not loaded|falling back|dead link/i.test(line)), []);
});

/** The `href` and `src` values of a built page. */
const referencesOf = (html: string): string[] => [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

/** What is wrong with one reference of the built page `page` (relative to the site), or undefined. */
function deadReference(site: string, page: string, reference: string): string | undefined {
  if (/^([a-z][\w+.-]*:|\/\/)/i.test(reference)) return undefined; // https:, mailto:, data:: not the site's
  const url = new URL(reference, `http://site/${page}`);
  let file = decodeURIComponent(url.pathname).slice(1);
  if (file === '' || file.endsWith('/')) file += 'index.html';
  if (!fs.existsSync(path.join(site, file)) && fs.existsSync(path.join(site, `${file}.html`))) file += '.html';
  if (!fs.existsSync(path.join(site, file))) return `${file} does not exist`;
  const anchor = decodeURIComponent(url.hash.slice(1));
  if (anchor === '' || !file.endsWith('.html')) return undefined;
  return fs.readFileSync(path.join(site, file), 'utf8').includes(`id="${anchor}"`) ? undefined : `${file} has no #${anchor}`;
}

test('every link and #anchor of every built page leads into the site', ({ site }) => {
  const pages = fs.readdirSync(site, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  assert.ok(pages.length > 25, `${pages.length} pages`);
  const dead = pages.flatMap((page) =>
    [...new Set(referencesOf(fs.readFileSync(path.join(site, page), 'utf8')))].flatMap((reference) => {
      const problem = deadReference(site, page, reference);
      return problem ? [`${page}: ${reference}: ${problem}`] : [];
    }),
  );
  assert.equal(dead, []);
  assert.match(deadReference(site, 'limits.html', '../bench/README.md') ?? '', 'does not exist', 'the checker finds a dead link');
  assert.match(deadReference(site, 'limits.html', 'grpc.html#no-such-heading') ?? '', 'has no #no-such-heading', 'the checker finds a dead anchor');
});

test('a guide renders with its title, its text and the sidebar', async ({ base, browser }) => {
  const { page, errors } = await open(browser, `${base}/getting-started.html`);
  assert.is((await page.locator('.vp-doc h1').first().textContent())?.trim().replace(/\s*​?#?$/, ''), 'Getting started');
  assert.match((await page.locator('.vp-doc').textContent()) ?? '', 'npm create --yes framework-app@latest my-api');
  const sidebar = await page.locator('.VPSidebar a').allTextContents();
  for (const title of ['Getting started', 'Validation', 'gRPC', 'Diagnostics', 'Contributing']) assert.ok(sidebar.some((text) => text.trim() === title), `the sidebar lists ${title}`);
  assert.equal(errors, []);
  await page.close();
});

test('a sidebar link leads to another page', async ({ base, browser }) => {
  const { page, errors } = await open(browser, `${base}/getting-started.html`);
  await page.locator('.VPSidebar a', { hasText: /^Validation$/ }).click();
  await page.waitForURL(/\/validation\.html$/);
  await page.waitForFunction(() => document.querySelector('.vp-doc h1')?.textContent?.includes('Validation'));
  assert.match((await page.locator('.vp-doc').textContent()) ?? '', 'class-validator');
  assert.equal(errors, []);
  await page.close();
});

test('the local search finds a diagnostic code and opens its entry', async ({ base, browser }) => {
  const { page, errors } = await open(browser, `${base}/index.html`);
  await page.locator('.VPNavBarSearch button').click();
  const input = page.locator('.VPLocalSearchBox input');
  await input.fill('FW1202');
  const first = page.locator('.VPLocalSearchBox .result').first();
  await first.waitFor({ timeout: 15_000 });
  assert.match((await first.textContent()) ?? '', 'FW1202');
  await first.click();
  await page.waitForURL(/\/diagnostics\.html#fw1202$/);
  assert.match((await page.locator('#fw1202').textContent()) ?? '', 'FW1202');
  assert.equal(errors, []);
  await page.close();
});

test.run();
