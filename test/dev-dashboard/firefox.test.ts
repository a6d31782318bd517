// The dev dashboard's page in Debian's Firefox (firefox-esr, headless, over WebDriver BiDi: see
// fixtures/bidi-firefox.ts) against `framework-build dev` on a copy of the todo example: the page
// loads and lists every route and RPC; the explorer mints a token with the app's JwtService and
// sends a request that shows in the traces with the chain's steps; a unary RPC answers with its
// gRPC status; a @Ws() socket relays messages both ways; the State view shows the configuration.
// `npm test` installs Firefox first (test/provision/firefox.mjs); run alone, the suite is skipped, saying so, where none is installed.
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launch, type LaunchedServer } from '../launch.js';
import { ROOT, TMP } from '../compiler/helpers.js';
import { findFirefox, launchFirefox, type Firefox } from './fixtures/bidi-firefox.js';

interface Context {
  loop: LaunchedServer;
  dashboard: string;
  firefox: Firefox;
}

const executable = findFirefox();
const test = suite<Context>('the dev dashboard in Firefox');
const copy = path.join(TMP, `dashboard-firefox-${process.pid}`);
const DASHBOARD = /\[dev\] dashboard: (http:\/\/127\.0\.0\.1:\d+\/)/;

/** A statement run in the page: `$('#id')` is `document.querySelector`. */
const inPage = (body: string): string => `(async () => { const $ = (s) => document.querySelector(s); ${body} })()`;
const text = (selector: string): string => inPage(`return JSON.stringify($(${JSON.stringify(selector)})?.textContent ?? '')`);
const set = (selector: string, value: string, event = 'input'): string =>
  inPage(`const e = $(${JSON.stringify(selector)}); e.value = ${JSON.stringify(value)}; e.dispatchEvent(new Event(${JSON.stringify(event)}, { bubbles: true })); return '1'`);
const click = (selector: string): string => inPage(`$(${JSON.stringify(selector)}).click(); return '1'`);

test.before(async (context) => {
  if (!executable) return;
  fs.rmSync(copy, { recursive: true, force: true });
  fs.mkdirSync(path.join(copy, 'examples'), { recursive: true });
  fs.cpSync(path.join(ROOT, 'examples/todo'), path.join(copy, 'examples/todo'), { recursive: true, filter: (f) => !f.includes(`${path.sep}dist`) });
  // The example's Worker entry (src/worker.ts, type-checked with the rest) imports these tables.
  fs.cpSync(path.join(ROOT, 'generated/todo-worker'), path.join(copy, 'generated/todo-worker'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'tsconfig.base.json'), path.join(copy, 'tsconfig.base.json'));
  const args = ['--import', 'tsx', path.join(ROOT, 'compiler/src/cli.ts'), 'dev', 'src', '--out', '../../generated/todo', '--entry', 'src/main.ts', '--dashboard-port', '0'];
  const [loop, firefox] = await Promise.all([
    launch(process.execPath, args, { cwd: path.join(copy, 'examples/todo'), env: { JWT_SECRET: 'dev-dashboard-firefox-test-secret-32-bytes', LOG_LEVEL: 'warn', PORT: '0', GRPC_PORT: '0' }, readyWithinMs: 120_000 }),
    launchFirefox(executable),
  ]);
  context.loop = loop;
  context.firefox = firefox;
  context.dashboard = DASHBOARD.exec(loop.output())?.[1] ?? '';
  for (let waited = 0; !context.dashboard && waited < 30_000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
    context.dashboard = DASHBOARD.exec(loop.output())?.[1] ?? '';
  }
  const started = performance.now();
  await firefox.navigate(context.dashboard);
  await firefox.until('the page to have its data', inPage(`return JSON.stringify(document.body.dataset.ready === 'true')`));
  console.log(`  Firefox ${firefox.version}: the page had its data ${Math.round(performance.now() - started)} ms after the navigation began (${await firefox.evaluate<string>(inPage('return JSON.stringify(document.body.dataset.readyMs)'))} ms in the page)`);
});

test.after(async (context) => {
  await context.firefox?.close();
  await context.loop?.stop();
  fs.rmSync(copy, { recursive: true, force: true });
});

test('the catalog lists every route and RPC of the example', async ({ firefox, dashboard }) => {
  if (!executable) return console.log('  skipped: no Firefox here (apt-get install firefox-esr)');
  const catalog = (await (await fetch(`${dashboard}api/routes`)).json()) as { routes: { id: string }[]; rpcs: { id: string }[] };
  const rows = await firefox.evaluate<string[]>(inPage(`return JSON.stringify([...document.querySelectorAll('#catalog-table tbody tr[data-id]')].map((tr) => tr.dataset.id))`));
  assert.equal(rows.sort(), [...catalog.routes, ...catalog.rpcs].map((e) => e.id).sort());
});

test('the explorer: a token minted by the app, a request traced with its chain steps, a unary RPC with its gRPC status', async ({ firefox }) => {
  if (!executable) return;
  await firefox.evaluate(click('#tabs button[data-view="explorer"]'));
  await firefox.evaluate(set('#explorer-subject', 'demo'));
  await firefox.evaluate(click('#explorer-mint'));
  await firefox.until('the token', inPage(`return JSON.stringify(/^minted/.test($('#explorer-mint-status').textContent))`));
  await firefox.evaluate(set('#explorer-route', 'http:GET /todo/:id', 'change'));
  await firefox.evaluate(set('#explorer-params input[data-key="id"]', '7'));
  await firefox.evaluate(click('#explorer-send'));
  const status = await firefox.until<string>('the answer', inPage(`const t = $('#explorer-status').textContent; return JSON.stringify(/^\\d{3} in/.test(t) && t)`));
  assert.match(status, /^404 in/, 'past the guard with the minted token');

  await firefox.evaluate(click('#tabs button[data-view="traces"]'));
  await firefox.until('the trace', inPage(`const row = [...document.querySelectorAll('#traces-table tbody tr')].find((tr) => tr.querySelector('td.span-name')?.textContent === 'GET /todo/:id'); row?.click(); return JSON.stringify(!!row)`));
  const spans = await firefox.until<string[]>('its spans', inPage(`const rows = [...document.querySelectorAll('#trace-detail .span-row > span:first-child')].map((s) => s.textContent); return JSON.stringify(rows.length >= 3 && rows)`));
  assert.ok(spans.includes('guard AppGuard') && spans.includes('handler TodoController.findOne'), spans.join(', '));

  await firefox.evaluate(click('#tabs button[data-view="explorer"]'));
  await firefox.evaluate(set('#explorer-route', 'grpc:/todo.TodoService/GetTodo', 'change'));
  await firefox.evaluate(set('#explorer-params input[data-field="id"]', '999'));
  await firefox.evaluate(click('#explorer-send'));
  const rpc = await firefox.until<string>('the RPC', inPage(`return JSON.stringify($('#explorer-status').dataset.grpcStatus !== undefined && $('#explorer-status').textContent)`));
  assert.match(rpc, /^NOT_FOUND \(5\): /);
});

test('a @Ws() socket: a message out, the change it made back, a close code from the page', async ({ firefox }) => {
  if (!executable) return;
  await firefox.evaluate(set('#explorer-route', 'http:GET /todo/ws', 'change'));
  await firefox.evaluate(click('#explorer-send'));
  await firefox.until('the socket to open', inPage(`return JSON.stringify($('#explorer-status').dataset.socket === 'open')`));
  await firefox.evaluate(set('#explorer-ws-message', JSON.stringify({ name: 'from Firefox', priority: 1, colorLabel: '#ffffff' })));
  await firefox.evaluate(click('#explorer-ws-send'));
  const incoming = await firefox.until<string>('the change back', inPage(`return JSON.stringify($('#explorer-timeline li[data-event="in"]')?.textContent ?? '')`));
  assert.match(incoming, /"kind":"created".*from Firefox/);
  await firefox.evaluate(set('#explorer-ws-code', '4002'));
  await firefox.evaluate(click('#explorer-ws-close'));
  await firefox.until('the close', inPage(`return JSON.stringify($('#explorer-status').dataset.socket === 'closed')`));
  assert.match(await firefox.evaluate<string>(text('#explorer-timeline li[data-event="close"]')), /closed by the page: 4002$/);
});

test('the State view: readiness and the configuration, secrets redacted', async ({ firefox }) => {
  if (!executable) return;
  await firefox.evaluate(click('#tabs button[data-view="state"]'));
  await firefox.until('the state', inPage(`return JSON.stringify(/app process \\d+/.test($('#state-status').textContent))`));
  assert.is(await firefox.evaluate<string>(text('#state-config tr[data-key="JWT_SECRET"] td:last-child')), '[redacted]');
  assert.is(await firefox.evaluate<string>(text('#state-config tr[data-key="HOST"] td:last-child')), '127.0.0.1');
  assert.match(await firefox.evaluate<string>(text('#state-health tbody')), /readiness \(as last evaluated\)up/);
});

test.run();
