#!/usr/bin/env node
// How long the dev dashboard's page takes to have its data: the dashboard's server runs on its own
// (no dev loop, no app) with the compiled model of the todo example or of the 1,000-controller app
// of bench/compiler/generate.mjs (5,000 routes and 200 RPCs), and headless Chromium loads the page
// `--loads` times; each load reports the page's own marks, in milliseconds from the start of the
// navigation: `data-first-rows-ms`, the catalog's first rows in the page, and `data-ready-ms`, every
// view with its data (catalog, graph, build, app, traces). Prints their median and range, the sizes
// of the largest answers, and the load average. Needs
// `npm run build:framework` first; run it under the machine's bench lock.
//
//   node bench/dev-dashboard-page.mjs [--app example|large] [--loads 9]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { generateProject } from './compiler/generate.mjs';
import { findChromium } from '../test/provision/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { app: { type: 'string', default: 'example' }, loads: { type: 'string', default: '9' } } });
const { build } = await import(path.join(root, 'compiler/dist/index.js'));
const { startDashboard } = await import(path.join(root, 'compiler/dist/dev/dashboard/dashboard.js'));
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');

const tmp = path.join(root, 'test/.tmp', `dashboard-page-${process.pid}`);
fs.mkdirSync(tmp, { recursive: true });
let srcDir = path.join(root, 'examples/todo/src');
if (values.app === 'large') {
  generateProject(tmp, 1000, { grpc: true });
  srcDir = path.join(tmp, 'src');
} else if (values.app !== 'example') throw new Error('--app is example or large');

let dashboard;
let browser;
try {
  const builtAt = performance.now();
  const result = await build({ srcDir, outDir: path.join(tmp, 'generated'), cwd: root });
  if (!result.ok) throw new Error('the build failed');
  console.log(`${values.app}: built in ${Math.round(performance.now() - builtAt)} ms; load average (1 / 5 / 15 min) ${load()}`);
  dashboard = startDashboard({ port: 0, cwd: root });
  const started = await dashboard.started;
  if (!('url' in started)) throw new Error(started.error);
  dashboard.built(result, { errors: 0, ms: 1, text: '' });
  await dashboard.settled();
  for (const name of ['routes', 'graph']) {
    const plain = await fetch(`${started.url}api/${name}`, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await plain.arrayBuffer());
    const raw = await fetch(`${started.url}api/${name}`, { headers: { 'accept-encoding': 'gzip' } });
    console.log(`GET /api/${name}: ${(body.length / 1024).toFixed(0)} KB of JSON, ${raw.headers.get('content-encoding') ?? 'identity'} as the browser asks`);
  }
  browser = await chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const ready = [];
  const firstRows = [];
  for (let i = 0; i <= Number(values.loads); i++) {
    await (i === 0 ? page.goto(started.url) : page.reload());
    await page.waitForSelector('body[data-ready="true"]');
    if (i === 0) continue; // the first load warms the browser's cache of the modules
    ready.push(Number(await page.getAttribute('body', 'data-ready-ms')));
    const first = await page.getAttribute('body', 'data-first-rows-ms');
    if (first !== null) firstRows.push(Number(first));
  }
  const rows = await page.locator('#catalog-table tbody tr').count();
  const summary = (times) => {
    const s = [...times].sort((a, b) => a - b);
    const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    return `${median} ms (median of ${s.length} loads; ${s[0]}–${s.at(-1)} ms)`;
  };
  if (firstRows.length > 0) console.log(`the catalog's first rows in the page: ${summary(firstRows)}`);
  console.log(`every view has its data: ${summary(ready)}; ${rows} catalog rows in the page at the end; load average ${load()}`);
} finally {
  await browser?.close();
  await dashboard?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
