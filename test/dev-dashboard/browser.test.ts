// The dev dashboard in a real browser (Debian's Chromium, headless) against `framework-build dev` on a copy of the
// todo example, one loop for every case: the catalog, the explorer (HTTP, unary RPCs, @Sse() and @Ws() timelines),
// the traces with the chain's steps, a type error shown while the app answers, the State view, the graph.
// Screenshots of each view go to test/.tmp/dev-dashboard-screens/ (or DASHBOARD_SCREENSHOTS).
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launch, type LaunchedServer } from '../launch.js';
import { launchHeadlessChromium } from '../headless-chromium.js';
import { ROOT, TMP } from '../compiler/helpers.js';

interface Context {
  loop: LaunchedServer;
  dashboard: string;
  browser: BrowserContext;
  page: Page;
}

const test = suite<Context>('the dev dashboard in a headless browser');
const copy = path.join(TMP, `dashboard-${process.pid}`);
const src = path.join(copy, 'examples/todo/src');
const health = path.join(src, 'health/health.controller.ts');
const screens = process.env.DASHBOARD_SCREENSHOTS ?? path.join(ROOT, 'test/.tmp/dev-dashboard-screens');
// The module probe of no-dashboard-code.test.ts, in this loop's app processes: the positive control
// that the probe sees the dashboard's exporter where it runs.
const probe = path.join(ROOT, 'test/dev-dashboard/fixtures/module-probe.mjs');
const probed = path.join(copy, 'probe');
const DASHBOARD = /\[dev\] dashboard: (http:\/\/127\.0\.0\.1:\d+\/)/;
const READY = /HTTP on http:\/\/[^:/\s]+:(\d+)/g;

async function until<T>(what: string, context: Context, probe: () => T | Promise<T>, limitMs = 60_000): Promise<NonNullable<T>> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (performance.now() - started > limitMs) throw new Error(`${what} not within ${limitMs} ms; dev output:\n${context.loop.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true });

test.before(async (context) => {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.mkdirSync(path.join(copy, 'examples'), { recursive: true });
  fs.mkdirSync(screens, { recursive: true });
  fs.mkdirSync(probed, { recursive: true });
  fs.cpSync(path.join(ROOT, 'examples/todo'), path.join(copy, 'examples/todo'), { recursive: true, filter: (f) => !f.includes(`${path.sep}dist`) });
  // The example's Worker entry (src/worker.ts, type-checked with the rest) imports these tables.
  fs.cpSync(path.join(ROOT, 'generated/todo-worker'), path.join(copy, 'generated/todo-worker'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'tsconfig.base.json'), path.join(copy, 'tsconfig.base.json'));
  // A health indicator, so that the State view has one's last result to show.
  const httpModule = path.join(src, 'http-app.module.ts');
  const source = fs.readFileSync(httpModule, 'utf8');
  if (!source.includes('HealthModule.forRoot()')) throw new Error(`the probe cannot be added: HealthModule.forRoot() is no longer in ${httpModule}`);
  fs.writeFileSync(httpModule, source.replace('HealthModule.forRoot()', "HealthModule.forRoot({ instances: [{ name: 'dashboard-probe', check: () => undefined }] })"));
  const args = ['--import', 'tsx', path.join(ROOT, 'compiler/src/cli.ts'), 'dev', 'src', '--out', '../../generated/todo', '--entry', 'src/main.ts', '--dashboard-port', '0'];
  context.loop = await launch(process.execPath, args, {
    cwd: path.dirname(src),
    env: { JWT_SECRET: 'dev-dashboard-browser-test-secret-32-bytes', LOG_LEVEL: 'warn', NODE_OPTIONS: `--import ${probe}`, MODULE_PROBE_DIR: probed },
    readyWithinMs: 120_000,
  });
  context.dashboard = (await until('the dashboard line', context, () => DASHBOARD.exec(context.loop.output())))[1]!;
  context.browser = await launchHeadlessChromium({ viewport: { width: 1400, height: 900 } });
  context.page = await context.browser.newPage();
  // Anything the page would fetch from elsewhere fails the suite: it works offline.
  await context.page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => {
    throw new Error(`the page asked for ${route.request().url()}`);
  });
  const started = performance.now();
  await context.page.goto(context.dashboard);
  await context.page.waitForSelector('body[data-ready="true"]');
  const inPage = async () => `${await context.page.getAttribute('body', 'data-ready-ms')} ms in the page, its catalog's first rows at ${await context.page.getAttribute('body', 'data-first-rows-ms')}`;
  const first = `${Math.round(performance.now() - started)} ms (${await inPage()})`;
  // Once the loop is idle (its first type check's warm-up done): what a developer opening the page sees.
  await new Promise((r) => setTimeout(r, 2000));
  const again = performance.now();
  await context.page.reload();
  await context.page.waitForSelector('body[data-ready="true"]');
  console.log(`  page load with the example's catalog: ${first} while the loop warms up, ${Math.round(performance.now() - again)} ms (${await inPage()}) once idle`);
});

test.after(async (context) => {
  await context.browser?.close();
  await context.loop?.stop();
  fs.rmSync(copy, { recursive: true, force: true });
});

test('the catalog lists every route and RPC of the example, each with its guards and throttle rules', async ({ page, dashboard }) => {
  const catalog = (await (await fetch(`${dashboard}api/routes`)).json()) as { routes: { id: string }[]; rpcs: { id: string }[] };
  assert.ok(catalog.routes.length >= 10 && catalog.rpcs.length >= 4, 'the example has routes and RPCs');
  const rows = await page.locator('#catalog-table tbody tr[data-id]').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.id));
  assert.equal(rows.sort(), [...catalog.routes, ...catalog.rpcs].map((e) => e.id).sort());
  const findOne = page.locator('tr[data-id="http:GET /todo/:id"]');
  assert.match((await findOne.locator('a.declared').getAttribute('href')) ?? '', /^vscode:\/\/file\/.*\/examples\/todo\/src\/todo\/todo\.controller\.ts:\d+:\d+$/, 'the handler links to its declaration');
  assert.ok((await findOne.locator('.chip.guard').count()) > 0, 'GET /todo/:id shows its guard');
  // Its details: the guard's first link opens where it is applied (the module's GLOBAL_GUARD entry), the next its class.
  await findOne.click();
  const guard = page.locator('tr[data-id="http:GET /todo/:id"] + tr.details li', { hasText: /^guard / }).first();
  const links = await guard.locator('a.declared').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.match(links[0] ?? '', /\/examples\/todo\/src\/http-app\.module\.ts:\d+:\d+$/, 'applied at');
  assert.match(links[1] ?? '', /\/examples\/todo\/src\/auth\/app\.guard\.ts:\d+:\d+$/, 'declared at');
  await findOne.click();
  assert.match(await findOne.locator('.chip.throttle').first().textContent() ?? '', /^throttle default/);
  const login = page.locator('tr[data-id="http:POST /auth/login"] .chip.throttle');
  assert.match((await login.first().textContent()) ?? '', /throttle default 5\/60000 ms/, "the controller's @Throttle limit");
  const rpc = page.locator('#catalog-table tbody tr[data-id^="grpc:"]').first();
  assert.ok((await rpc.locator('.chip.guard').count()) > 0, 'an RPC shows its guard');
  await shoot(page, 'catalog');

  await page.fill('#catalog-search', 'auth login');
  await until('the search to filter', { loop: { output: () => '' } } as unknown as Context, async () => (await page.locator('#catalog-table tbody tr[data-id]').count()) === 2);
  await page.fill('#catalog-search', '');
});

test('a request sent from the explorer shows in the traces as GET /todo/:id, with its request line', async ({ page }) => {
  // The explorer sends the app's login route; then a token minted by the app's own JwtService.
  await page.locator('tr[data-id="http:POST /auth/login"]').click();
  await page.locator('tr.details:not([hidden]) button.primary').click();
  await page.fill('#explorer-body', JSON.stringify({ username: 'demo', password: 'wrong' }));
  await page.click('#explorer-send');
  await page.waitForFunction(() => /^\d{3} in/.test(document.getElementById('explorer-status')?.textContent ?? ''));
  assert.match((await page.textContent('#explorer-status')) ?? '', /^401 in/);

  await page.fill('#explorer-subject', 'demo');
  await page.fill('#explorer-roles', 'user');
  await page.click('#explorer-mint');
  await page.waitForFunction(() => /^minted/.test(document.getElementById('explorer-mint-status')?.textContent ?? ''));
  const token = await page.inputValue('#explorer-bearer');
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; roles: string[]; exp: number };
  assert.equal([claims.sub, claims.roles], ['demo', ['user']]);
  assert.type(claims.exp, 'number', "signed with the app's JwtModule settings (they require exp)");

  await page.selectOption('#explorer-route', 'http:GET /todo/:id');
  await page.fill('#explorer-params input[data-key="id"]', '1');
  await page.click('#explorer-send');
  await page.waitForFunction(() => /^\d{3} in/.test(document.getElementById('explorer-status')?.textContent ?? '') && document.getElementById('explorer-history')?.children.length === 2);
  assert.match((await page.textContent('#explorer-status')) ?? '', /^404 in/, 'past the guard with the minted token (no todo 1 yet)');
  await page.click('#explorer-curl');
  assert.match((await page.textContent('#explorer-copy')) ?? '', /^curl -i -X GET 'http:\/\/127\.0\.0\.1:\d+\/todo\/1' -H 'authorization: Bearer /);
  await page.click('#explorer-client');
  assert.match((await page.textContent('#explorer-copy')) ?? '', /await api\.todo\.findOne\("1"\);/);
  await shoot(page, 'explorer');

  await page.click('#tabs button[data-view="traces"]');
  const row = page.locator('#traces-table tbody tr', { has: page.locator('td.span-name', { hasText: /^GET \/todo\/:id$/ }) }).first();
  await row.waitFor();
  assert.match((await row.textContent()) ?? '', /\/todo\/1/);
  await row.click();
  await page.waitForSelector('#trace-detail .span-row');
  assert.match((await page.textContent('#trace-detail h3')) ?? '', /^GET \/todo\/:id$/);
  // The chain's steps, child spans of the server span (the dev loop's app processes only).
  const rows = await page.locator('#trace-detail .span-row > span:first-child').allTextContents();
  for (const step of ['guard AppGuard', 'handler TodoController.findOne']) assert.ok(rows.includes(step), `${step} in ${rows.join(', ')}`);
  assert.ok(rows.indexOf('GET /todo/:id') < rows.indexOf('guard AppGuard'), 'drawn under the server span');
  await shoot(page, 'traces');
});

test("an @Sse() route from the explorer: its events listed live as the app sends them", async ({ page }) => {
  await page.click('#tabs button[data-view="explorer"]');
  const token = await page.inputValue('#explorer-bearer');
  await page.selectOption('#explorer-route', 'http:GET /todo/events');
  await page.click('#explorer-send');
  await page.waitForFunction(() => /streaming/.test(document.getElementById('explorer-status')?.textContent ?? ''));
  const app = (await (await fetch(`${page.url().replace(/#.*$/, '')}api/app`)).json()) as { origin: string };
  const created = await fetch(`${app.origin}/todo`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: '<b>not bold</b>', priority: 1, colorLabel: '#ffffff' }) });
  assert.ok(created.ok, `POST /todo: ${created.status}`);
  const event = page.locator('#explorer-timeline li[data-event="created"]').first();
  await event.waitFor();
  assert.match((await event.textContent()) ?? '', /created.*<b>not bold<\/b>/, 'the data as text');
  assert.is(await page.locator('#explorer-timeline b').count(), 0, 'never as HTML');
  await shoot(page, 'explorer-sse');
  await page.click('#explorer-stop');
  await page.waitForFunction(() => /stopped/.test(document.getElementById('explorer-status')?.textContent ?? ''));
});

test('a unary RPC from the explorer: a form of its request message, the gRPC status, metadata and reply', async ({ page }) => {
  await page.click('#tabs button[data-view="explorer"]');
  await page.selectOption('#explorer-route', 'grpc:/todo.TodoService/GetTodo');
  assert.match((await page.textContent('#explorer-params legend')) ?? '', /todo\.GetTodoRequest/);
  await page.fill('#explorer-params input[data-field="id"]', '999');
  const sent = async () => {
    await page.evaluate(() => delete document.getElementById('explorer-status')!.dataset.grpcStatus);
    await page.click('#explorer-send');
    await page.waitForFunction(() => document.getElementById('explorer-status')?.dataset.grpcStatus !== undefined);
    return (await page.textContent('#explorer-status')) ?? '';
  };
  assert.match(await sent(), /^NOT_FOUND \(5\): .* in [\d.]+ ms$/, 'an error with its gRPC status');

  await page.selectOption('#explorer-route', 'grpc:/todo.TodoService/CreateTodo');
  await page.fill('#explorer-params input[data-field="title"]', '<i>from the explorer</i>');
  assert.match(await sent(), /^OK \(0\) in [\d.]+ ms$/);
  const answer = JSON.parse((await page.textContent('#explorer-answer')) ?? '{}') as { reply: { id: string; title: string; done: boolean }; metadata: Record<string, string>; trailers: Record<string, string> };
  assert.equal([answer.reply.title, answer.reply.done], ['<i>from the explorer</i>', false], 'the reply decoded, defaults included');
  assert.type(answer.metadata, 'object');
  assert.is(await page.locator('#explorer-answer i').count(), 0, 'never as HTML');
  await page.click('#explorer-curl');
  assert.match((await page.textContent('#explorer-copy')) ?? '', /^grpcurl -plaintext -d '\{"title":"<i>from the explorer<\/i>"\}' -H 'authorization: Bearer [^']+' 127\.0\.0\.1:\d+ todo\.TodoService\/CreateTodo$/);
  await shoot(page, 'explorer-grpc');

  const token = await page.inputValue('#explorer-bearer');
  await page.fill('#explorer-bearer', '');
  assert.match(await sent(), /^PERMISSION_DENIED \(7\): Forbidden in /, "the app's guard, without the token");
  await page.fill('#explorer-bearer', token);
});

test('a @Ws() route from the explorer: the socket opened with the bearer token, messages both ways, close codes', async ({ page }) => {
  await page.click('#tabs button[data-view="explorer"]');
  await page.selectOption('#explorer-route', 'http:GET /todo/ws');
  const socket = (state: string) => page.waitForFunction((s) => document.getElementById('explorer-status')?.dataset.socket === s, state);
  await page.click('#explorer-send').then(() => socket('open'));
  assert.equal(Object.keys(JSON.parse(await page.inputValue('#explorer-ws-message'))), ['name', 'priority', 'colorLabel'], 'a skeleton of its @Messages() DTO');
  await page.fill('#explorer-ws-message', JSON.stringify({ name: '<b>over the socket</b>', priority: 2, colorLabel: '#00ff00' }));
  await page.click('#explorer-ws-send');
  await page.locator('#explorer-timeline li[data-event="out"]').first().waitFor();
  const incoming = page.locator('#explorer-timeline li[data-event="in"]').first();
  await incoming.waitFor();
  assert.match((await incoming.textContent()) ?? '', /← .*"kind":"created".*<b>over the socket<\/b>/, 'the change its message made, sent back by the app');
  assert.is(await page.locator('#explorer-timeline b').count(), 0, 'never as HTML');
  await page.fill('#explorer-ws-code', '4001').then(() => page.fill('#explorer-ws-reason', 'done here'));
  await page.click('#explorer-ws-close');
  await socket('closed');
  assert.match((await page.textContent('#explorer-timeline li[data-event="close"]')) ?? '', /closed by the page: 4001 done here$/);
  await shoot(page, 'explorer-ws');

  // A message its DTO refuses: the app closes with 1007 and says why.
  await page.click('#explorer-send').then(() => socket('open'));
  assert.equal(Object.keys(JSON.parse(await page.inputValue('#explorer-ws-message'))), ['name', 'priority', 'colorLabel'], 'a skeleton of its @Messages() DTO');
  await page.fill('#explorer-ws-message', JSON.stringify({ name: 5 }));
  await page.click('#explorer-ws-send');
  await socket('closed');
  assert.match((await page.textContent('#explorer-timeline li[data-event="close"]')) ?? '', /closed by the app: 1007 /);

  // Without the token the guard refuses the upgrade, and the timeline says with which status.
  const token = await page.inputValue('#explorer-bearer');
  await page.fill('#explorer-bearer', '');
  await page.click('#explorer-send');
  await socket('refused');
  assert.match((await page.textContent('#explorer-timeline li[data-event="refused"]')) ?? '', /the upgrade was answered 403/);
  await page.fill('#explorer-bearer', token);
});

test('a save with a type error shows the diagnostic on the page while the app still answers', async (context) => {
  const { page, loop } = context;
  const original = fs.readFileSync(health, 'utf8');
  const port = [...loop.output().matchAll(READY)].at(-1)![1];
  try {
    fs.writeFileSync(health, `${original}\nexport const broken: number = 'not a number';\n`);
    await page.click('#tabs button[data-view="build"]');
    await page.waitForFunction(() => /TS2322/.test(document.getElementById('build-types')?.textContent ?? ''), undefined, { timeout: 60_000 });
    assert.match((await page.textContent('#build-status')) ?? '', /error/);
    assert.match((await page.textContent('#build-types')) ?? '', /health\.controller\.ts:\d+:\d+ - error TS2322/);
    const answer = await fetch(`http://127.0.0.1:${port}/health/`);
    assert.is(answer.status, 200, 'the last good app answers');
    await shoot(page, 'build-type-error');
  } finally {
    fs.writeFileSync(health, original);
  }
  await page.waitForFunction(() => /clean/.test(document.getElementById('build-status')?.textContent ?? ''), undefined, { timeout: 60_000 });
});

test("the State view asks the serving app: readiness and each indicator's last result with its time, ThrottlerModule.forRoot's limits, the configuration with its secrets redacted", async ({ page }) => {
  await page.click('#tabs button[data-view="state"]');
  await page.waitForFunction(() => /app process \d+/.test(document.getElementById('state-status')?.textContent ?? ''));
  assert.match((await page.textContent('#state-memory')) ?? '', /^Memory: \d+\.\d MB resident, heap \d+\.\d MB used of \d+\.\d MB/);
  const health = await page.locator('#state-health tbody tr').allTextContents();
  assert.ok(health.some((row) => /^readiness \(as last evaluated\)\s*up/.test(row)), health.join(' | '));
  const probe = (await page.textContent('#state-health tr[data-row="indicator dashboard-probe"]')) ?? '';
  assert.match(probe, /indicator dashboard-probeup\d{1,2}:\d{2}:\d{2}.*\(\d+ (s|min) ago\)$/, `the indicator's last result and when: ${probe}`);
  const throttlers = await page.locator('#state-throttlers tbody tr').allTextContents();
  assert.ok(throttlers.some((row) => /^default\d+\d+ ms$/.test(row)), throttlers.join(' | '));
  assert.match((await page.textContent('#state-storage')) ?? '', /storage: MemoryThrottlerStorage, \d+ counters in memory/);
  const value = async (key: string) => page.textContent(`#state-config tr[data-key="${key}"] td:last-child`);
  assert.is(await value('HOST'), '127.0.0.1');
  assert.is(await value('GRPC_REFLECTION'), 'false');
  assert.is(await value('JWT_SECRET'), '[redacted]', 'a secret by its name');
  assert.is(await value('DEMO_PASSWORD'), '[redacted]');
  assert.not.match((await page.textContent('#state-config')) ?? '', /dev-dashboard-browser-test-secret/);
  await shoot(page, 'state');
});

test('the graph draws modules, controllers, providers and services; a click shows a declaration', async ({ page }) => {
  await page.click('#tabs button[data-view="graph"]');
  const nodes = page.locator('#graph-svg g[data-node]');
  assert.ok((await nodes.count()) > 10);
  await page.locator('#graph-svg g[data-node^="module:"] rect').first().click();
  assert.match((await page.textContent('#graph-detail')) ?? '', /declared at .*module\.ts:\d+:\d+/);
  await shoot(page, 'graph');
});

test('the app processes the loop replaced had loaded the dashboard\'s exporter and registered its tracer (what the probe finds absent elsewhere)', async (context) => {
  // The first app was stopped when the fixed save was served; its probe writes what it had loaded
  // once it has answered its last requests and ended.
  await until('an app process to end', context, () => fs.readdirSync(probed).length > 0, 20_000);
  const records = fs.readdirSync(probed).map((file) => JSON.parse(fs.readFileSync(path.join(probed, file), 'utf8')) as { urls: string[]; tracer: boolean });
  assert.ok(records.length > 0, 'an app process ended and wrote its modules');
  assert.ok(records.some((r) => r.tracer && r.urls.some((u) => u.includes('/dev/dashboard/app-side/span-feed'))));
});

test.run();
