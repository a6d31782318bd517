// The dev dashboard's server on its own (its worker thread, no dev loop): the catalog and graph of the todo example
// from the compiler's model, the build report, loopback and Host/Origin refusals (DNS rebinding),
// the explorer's request checks, and a trace store that stays bounded over 10,000 requests.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import os from 'node:os';
import { gunzipSync } from 'node:zlib';
import { build, type BuildResult } from '../../compiler/src/index.js';
import { startDashboard, type Dashboard } from '../../compiler/src/dev/dashboard/dashboard.js';
import type { SpanRecord } from '../../compiler/src/dev/dashboard/messages.js';
import { TraceStore } from '../../compiler/src/dev/dashboard/trace-store.js';
import { cli, ROOT } from '../compiler/helpers.js';

let dashboard: Dashboard;
let base = '';
let result: BuildResult;

test.before(async () => {
  result = await build({ srcDir: 'examples/todo/src', outDir: 'generated/todo', cwd: ROOT });
  dashboard = startDashboard({ port: 0, cwd: ROOT, traces: 50 });
  const started = await dashboard.started;
  if (!('url' in started)) throw new Error(started.error);
  base = started.url.replace(/\/$/, '');
  dashboard.built(result, { errors: 0, ms: 1, text: '' });
  await dashboard.settled();
});
test.after(() => dashboard?.close());

/** A raw request, so that Host and Origin can be anything. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: url.port, path: url.pathname + url.search, method, headers: { host: url.host, ...headers }, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve({ status: response.statusCode!, body: text, headers: response.headers }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

test('GET /api/routes lists every route and RPC of the example with its chain, from the compiled model', async () => {
  const catalog = JSON.parse((await raw('/api/routes')).body);
  const model = result.model!;
  assert.is(catalog.routes.length, model.routes.length);
  assert.is(catalog.rpcs.length, model.grpc.flatMap((s) => s.methods).length);
  const findOne = catalog.routes.find((r: { method: string; path: string }) => r.method === 'GET' && r.path === '/todo/:id');
  assert.ok(findOne, 'GET /todo/:id is listed');
  assert.is(findOne.operationId, 'todo.findOne');
  assert.equal([findOne.answers.media, findOne.answers.schema.$ref], ['json', '#/components/schemas/Todo']);
  assert.match(findOne.declared, /^todo\/todo\.controller\.ts:\d+:\d+$/);
  assert.ok(findOne.chain.some((s: { kind: string }) => s.kind === 'guard'), 'its guard is in its chain');
  assert.ok(findOne.chain.some((s: { kind: string }) => s.kind === 'throttle'), 'its throttle rule is in its chain');
  const kinds = findOne.chain.map((s: { kind: string }) => s.kind);
  assert.ok(kinds.indexOf('guard') < kinds.indexOf('throttle'), 'guards run before the throttler');
  const id = findOne.params.find((p: { source: string }) => p.source === 'param');
  assert.equal([id.key, id.type, id.conversion], ['id', 'string', 'string']);
  const create = catalog.routes.find((r: { method: string; path: string }) => r.method === 'POST' && r.path === '/todo');
  assert.ok(create.body.members.length > 0 && create.body.members.every((m: { rules: string[] }) => m.rules.length > 0), 'the body DTO with its rules');
  assert.is(create.body.array, undefined, 'an object body is not marked as an array');
  assert.ok(catalog.rpcs.every((r: { service: string; kind: string }) => r.service && r.kind), 'RPCs with their service and kind');
  const socket = catalog.routes.find((r: { stream?: string }) => r.stream === 'websocket');
  assert.equal([socket.path, socket.messages.name, socket.messages.members.map((m: { name: string }) => m.name)], ['/todo/ws', 'CreateTodoDto', ['name', 'priority', 'colorLabel']]);
});

test('GET /api/routes and /api/graph are gzipped for a client that accepts it, made anew after each build', async () => {
  const get = (path: string, encoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const url = new URL(path, base);
      http.get({ host: '127.0.0.1', port: url.port, path, headers: { host: url.host, 'accept-encoding': encoding }, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
  for (const path of ['/api/routes', '/api/graph']) {
    const plain = await get(path, 'identity');
    const zipped = await get(path, 'br, gzip, deflate');
    assert.is(plain.headers['content-encoding'], undefined);
    assert.is(zipped.headers['content-encoding'], 'gzip');
    assert.is(zipped.headers.vary, 'accept-encoding');
    assert.ok(zipped.body.length * 5 < plain.body.length, `${path}: ${zipped.body.length} bytes gzipped, ${plain.body.length} plain`);
    assert.equal(gunzipSync(zipped.body), plain.body);
    assert.is((await get(path, 'gzip;q=0, identity')).headers['content-encoding'], undefined, 'q=0 refuses gzip');
  }
  const fewer = { ...result, model: { ...result.model!, routes: result.model!.routes.slice(1) } };
  dashboard.built(fewer as BuildResult, { errors: 0, ms: 1, text: '' });
  await dashboard.settled();
  const after = JSON.parse(gunzipSync((await get('/api/routes', 'gzip')).body).toString('utf8'));
  assert.is(after.routes.length, result.model!.routes.length - 1, 'the next build is served, not the first answer kept');
  dashboard.built(result, { errors: 0, ms: 1, text: '' });
  await dashboard.settled();
});

test('GET /api/routes?first=N: the first N entries of the catalog (routes, then RPCs) with how many there are in all', async () => {
  const whole = JSON.parse((await raw('/api/routes')).body);
  const head = JSON.parse((await raw('/api/routes?first=3')).body);
  assert.equal(head.routes, whole.routes.slice(0, 3));
  assert.equal(head.rpcs, []);
  assert.equal(head.total, { routes: whole.routes.length, rpcs: whole.rpcs.length });
  const past = JSON.parse((await raw(`/api/routes?first=${whole.routes.length + 1}`)).body);
  assert.equal([past.routes.length, past.rpcs], [whole.routes.length, whole.rpcs.slice(0, 1)]);
  assert.is(JSON.parse((await raw('/api/routes?first=-5')).body).routes.length, 1, 'at least one');
  assert.is(JSON.parse((await raw('/api/routes?first=many')).body).routes.length, Math.min(200, whole.routes.length), 'not a number: 200');
});

test('GET /api/graph: modules, providers, injections and gRPC services', async () => {
  const graph = JSON.parse((await raw('/api/graph')).body);
  const kinds = new Set(graph.nodes.map((n: { kind: string }) => n.kind));
  for (const kind of ['module', 'controller', 'provider', 'service']) assert.ok(kinds.has(kind), `a ${kind} node`);
  assert.ok(graph.edges.some((e: { kind: string }) => e.kind === 'injects'));
  const ids = new Set(graph.nodes.map((n: { id: string }) => n.id));
  assert.ok(graph.edges.every((e: { from: string; to: string }) => ids.has(e.from) && ids.has(e.to)), 'every edge joins two nodes');
});

test('GET /api/build: a failed build keeps the last clean model and reports its diagnostics with a code frame', async () => {
  const failed: BuildResult = { ...result, ok: false, files: [], diagnostics: [{ code: 'FW1202', severity: 'error', file: `${ROOT}examples/todo/src/app.module.ts`, line: 1, column: 1, length: 6, message: 'a message <b>as text</b>', hint: 'a hint' }, { code: 'FW1001', severity: 'error', file: `${ROOT}examples/todo/src/app.module.ts`, line: 2, column: 1, length: 1, message: 'm', hint: 'h' }] };
  dashboard.built(failed);
  await dashboard.settled();
  const report = JSON.parse((await raw('/api/build')).body);
  assert.is(report.ok, false);
  assert.is(report.modelCurrent, false);
  assert.equal([report.diagnostics[0].code, report.diagnostics[0].file, report.diagnostics[0].line], ['FW1202', 'examples/todo/src/app.module.ts', 1]);
  assert.match(report.diagnostics[0].frame, /^1 \| .*\n {2}\| \^{6}$/);
  assert.equal(report.diagnostics.map((d: { wiring?: boolean }) => d.wiring === true), [false, true], "a module graph diagnostic is the graph view's why");
  assert.is(JSON.parse((await raw('/api/routes')).body).routes.length, result.model!.routes.length, 'the catalog of the last clean build stays');
  dashboard.built(result, { errors: 1, ms: 5, text: '\x1b[91msrc/x.ts:1:1 - error TS2322\x1b[0m' });
  await dashboard.settled();
  const typed = JSON.parse((await raw('/api/build')).body);
  assert.equal([typed.ok, typed.typeCheck.errors, typed.typeCheck.text], [false, 1, 'src/x.ts:1:1 - error TS2322']);
});

test('a Host or Origin other than its own is refused (DNS rebinding); its own names are served', async () => {
  const foreign: Record<string, string>[] = [{ host: 'attacker.example:80' }, { host: `attacker.example:${new URL(base).port}` }, { origin: 'http://attacker.example' }, { origin: `https://127.0.0.1:${new URL(base).port}` }];
  for (const headers of foreign) {
    const answer = await raw('/api/routes', headers);
    assert.is(answer.status, 403, JSON.stringify(headers));
    assert.match(JSON.parse(answer.body).error, /is not this dashboard/);
  }
  assert.is((await raw('/api/routes', { host: `localhost:${new URL(base).port}` })).status, 200);
  assert.is((await raw('/api/routes', { origin: base })).status, 200);
});

test('it listens on 127.0.0.1 only: an address of this machine other than loopback gets no answer', async () => {
  const external = Object.values(os.networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal);
  if (!external) return console.log('  skipped: this machine has no address other than loopback');
  const reached = await new Promise<string>((resolve) => {
    const request = http.get({ host: external.address, port: new URL(base).port, path: '/api/routes', timeout: 2000 }, (response) => resolve(`answered ${response.statusCode}`));
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
  });
  assert.is(reached, 'ECONNREFUSED', `${external.address}: ${reached}`);
});

test('the page and its files: served with a Content-Security-Policy that forbids inline scripts and other origins', async () => {
  const page = await raw('/');
  assert.is(page.status, 200);
  assert.match(page.body, /<script type="module" src="\/app.js">/);
  assert.match(String(page.headers['content-security-policy']), /default-src 'none'; script-src 'self'/);
  assert.is((await raw('/app.js')).headers['content-type'], 'text/javascript; charset=utf-8');
  assert.is((await raw('/../package.json')).status, 404);
  assert.is((await raw('/%2e%2e/package.json')).status, 404);
});

test('POST /api/send and /api/stream: only the page (an Origin, JSON), only a path of the app, and 503 before the app listens', async () => {
  const origin = base;
  const send = (body: unknown, headers: Record<string, string> = { origin, 'content-type': 'application/json' }) => raw('/api/send', headers, 'POST', JSON.stringify(body));
  assert.is((await send({ method: 'GET', path: '/' }, { 'content-type': 'application/json' })).status, 403);
  assert.is((await send({ method: 'GET', path: '/' }, { origin, 'content-type': 'text/plain' })).status, 415);
  for (const bad of [{ method: 'GET', path: 'http://example.com/' }, { method: 'GET', path: '//example.com/x' }, { method: 'TRACE', path: '/' }, { method: 'GET', path: '/', headers: { 'bad header': 'x' } }]) {
    const answer = await send(bad);
    assert.is(answer.status, 400, JSON.stringify(bad));
  }
  const stream = (body: unknown) => raw('/api/stream', { origin, 'content-type': 'application/json' }, 'POST', JSON.stringify(body));
  assert.is((await stream({ path: 'http://example.com/events' })).status, 400, 'a stream of the app only');
  assert.is((await stream({ path: '/todo/events' })).status, 503, 'no stream before the app listens');
  const early = await send({ method: 'GET', path: '/health' });
  assert.is(early.status, 503);
  assert.match(JSON.parse(early.body).error, /not serving HTTP yet/);
});

test("GET /api/routes: each RPC with its request and response messages' fields, read from its .proto", async () => {
  const catalog = JSON.parse((await raw('/api/routes')).body);
  const get = catalog.rpcs.find((r: { id: string }) => r.id === 'grpc:/todo.TodoService/GetTodo');
  assert.equal(get.request, { type: 'todo.GetTodoRequest', fields: [{ name: 'id', type: 'string', kind: 'scalar' }] });
  assert.equal(get.response.fields.map((f: { name: string; type: string }) => `${f.name}:${f.type}`), ['id:string', 'title:string', 'done:bool']);
  assert.match(get.proto.file, /examples\/todo\/src\/todo\/todo\.proto$/);
});

test('POST /api/grpc: only the page, only a unary RPC of the catalog, a message of its type, and 503 before the app serves gRPC', async () => {
  const call = (body: unknown, headers: Record<string, string> = { origin: base, 'content-type': 'application/json' }) => raw('/api/grpc', headers, 'POST', JSON.stringify(body));
  const error = async (body: unknown) => {
    const answer = await call(body);
    return `${answer.status} ${JSON.parse(answer.body).error}`;
  };
  assert.is((await call({ rpc: 'grpc:/todo.TodoService/GetTodo' }, { 'content-type': 'application/json' })).status, 403, 'not from the page');
  assert.match(await error({ rpc: 'grpc:/todo.TodoService/Nope' }), /^404 no RPC "grpc:\/todo.TodoService\/Nope" in the catalog/);
  assert.match(await error({ rpc: 'grpc:/todo.TodoService/ListTodos' }), /^400 \/todo.TodoService\/ListTodos is server-streaming: the explorer calls unary RPCs only$/);
  assert.match(await error({ rpc: 'grpc:/todo.TodoService/GetTodo', message: [1] }), /^400 message must be a JSON object/);
  assert.match(await error({ rpc: 'grpc:/todo.TodoService/GetTodo', metadata: { 'Bad Name': 'x' } }), /^400 metadata "Bad Name" is not a valid text entry/);
  assert.match(await error({ rpc: 'grpc:/todo.TodoService/GetTodo', message: { ID: '1' } }), /^400 todo.GetTodoRequest has no field "ID" \(its fields: id\)$/);
  assert.match(await error({ rpc: 'grpc:/todo.TodoService/CreateTodo', message: { title: 5 } }), /^400 the request does not fit todo.CreateTodoRequest: title: string expected$/);
  assert.match(await error({ rpc: 'grpc:/todo.TodoService/GetTodo', message: { id: '1' } }), /^503 the app is not serving gRPC/);
});

test('POST /api/ws and its send and close: only the page, only a @Ws() route of the catalog, an open socket, a close code an endpoint may send', async () => {
  const post = (path: string, body: unknown, headers: Record<string, string> = { origin: base, 'content-type': 'application/json' }) => raw(path, headers, 'POST', JSON.stringify(body));
  const error = async (path: string, body: unknown) => {
    const answer = await post(path, body);
    return `${answer.status} ${JSON.parse(answer.body).error}`;
  };
  assert.is((await post('/api/ws', { path: '/todo/ws' }, { 'content-type': 'application/json' })).status, 403, 'not from the page');
  assert.match(await error('/api/ws', { path: 'ws://example.com/todo/ws' }), /^400 path must be a path of the app/);
  assert.match(await error('/api/ws', { path: '/todo/events' }), /^404 \/todo\/events is not a @Ws\(\) route of the catalog \(\/todo\/ws\)$/);
  assert.match(await error('/api/ws', { path: '/todo/ws' }), /^503 the app is not serving HTTP yet/);
  assert.match(await error('/api/ws/send', { id: 'nope', data: 'x' }), /^409 no open socket "nope"$/);
  assert.match(await error('/api/ws/send', { id: 'nope' }), /^400 the body must be \{ id, data \}/);
  assert.match(await error('/api/ws/close', { id: 'nope', code: 1006 }), /^400 .*code 1000 or 3000-4999$/);
  assert.match(await error('/api/ws/close', { id: 'nope' }), /^404 no open socket "nope"$/);
});

test('POST /api/token: a subject is required, and without a serving app it says so', async () => {
  const post = (body: unknown) => raw('/api/token', { origin: base, 'content-type': 'application/json' }, 'POST', JSON.stringify(body));
  assert.is((await post({ roles: ['user'] })).status, 400);
  assert.is((await post({ subject: 'demo', roles: 'user' })).status, 400);
  assert.is((await raw('/api/token', { 'content-type': 'application/json' }, 'POST', '{"subject":"demo"}')).status, 403, 'not from the page');
  assert.is((await raw('/api/state')).status, 503, 'no state without an app');
  const none = await post({ subject: 'demo', roles: ['user'] });
  assert.is(none.status, 503);
  assert.match(JSON.parse(none.body).error, /no app is serving/);
});

test('a dashboard port another process holds is said in one line with the option that picks a free one', async () => {
  const holder = http.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as { port: number }).port;
  const second = startDashboard({ port, cwd: ROOT });
  try {
    assert.equal(await second.started, {
      error: `dashboard: 127.0.0.1:${port} is in use (another dev loop?); pass --dashboard-port 0 for any free port (npm run dev -- --dashboard-port 0), or --no-dashboard. The loop goes on without it.`,
    });
  } finally {
    await second.close();
    holder.close();
  }
});

test('framework-build dev refuses a --dashboard-port that is not a port, saying what it takes', () => {
  for (const port of ['70000', 'abc', '-1']) {
    const run = cli(['dev', 'examples/todo/src', '--out', 'test/.tmp/dashboard-port', `--dashboard-port=${port}`]);
    assert.is(run.status, 1);
    assert.is(run.stderr, `--dashboard-port must be a port number from 0 to 65535 (0: any free port), not "${port}"; or pass --no-dashboard.\n`);
  }
});

const span = (i: number): SpanRecord => ({
  traceId: `trace-${i}`,
  spanId: `span-${i}`,
  name: 'GET /todo/:id',
  kind: 'server',
  startMs: 1_000_000 + i,
  durationMs: 1,
  status: 'unset',
  attributes: { 'http.request.method': 'GET', 'http.route': '/todo/:id', 'url.path': `/todo/${i}`, 'http.response.status_code': i % 2 ? 200 : 404 },
  events: [],
  pid: 1,
});

test('the trace store keeps the last N traces over 10,000 requests, newest first, with their request lines and filters', () => {
  const store = new TraceStore({ traces: 100 });
  const started = performance.now();
  for (let i = 0; i < 10_000; i++) store.add([span(i)]);
  const ms = performance.now() - started;
  assert.is(store.size, 100);
  const traces = store.traces();
  assert.is(traces[0]!.traceId, 'trace-9999');
  assert.is(traces.at(-1)!.traceId, 'trace-9900');
  assert.equal(traces[0]!.line && [traces[0].line.route, traces[0].line.status, traces[0].line.path], ['/todo/:id', 200, '/todo/9999']);
  assert.is(store.traces({ status: 404 }).length, 50);
  assert.ok(ms < 2000, `10,000 spans added in ${ms} ms`);
});

test('GET /api/app: the address of the serving app until that process ends; the end of another process keeps it', async () => {
  const address = { pid: 4242, http: { host: '::', port: 45678 } };
  dashboard.fromApp({ type: 'dashboard:address', address });
  await dashboard.settled();
  assert.equal(JSON.parse((await raw('/api/app')).body), { address, origin: 'http://[::1]:45678', grpc: null });
  dashboard.fromApp({ type: 'dashboard:exited', pid: 4241 }); // a spare, or the app it replaced
  await dashboard.settled();
  assert.is(JSON.parse((await raw('/api/app')).body).origin, 'http://[::1]:45678');
  dashboard.fromApp({ type: 'dashboard:exited', pid: 4242 });
  await dashboard.settled();
  assert.equal(JSON.parse((await raw('/api/app')).body), { address: null, origin: null, grpc: null });
  const send = await raw('/api/send', { origin: base, 'content-type': 'application/json' }, 'POST', JSON.stringify({ method: 'GET', path: '/health/' }));
  assert.is(send.status, 503);
  assert.match(JSON.parse(send.body).error, /the app is not serving HTTP/);
});

test('the live stream sends each build and batch of spans as server-sent events', async () => {
  const events: string[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const request = http.get(`${base}/api/events`, { agent: false }, (response) => {
      assert.is(response.headers['content-type'], 'text/event-stream');
      response.setEncoding('utf8').on('data', (chunk: string) => {
        events.push(chunk);
        if (events.join('').includes('event: lines')) {
          // Settled first: the destroy that follows ends the request with an error of its own.
          resolve();
          request.destroy();
        }
      });
      dashboard.built(result);
      dashboard.fromApp({ type: 'dashboard:spans', spans: [span(1)] });
      dashboard.fromApp({ type: 'something else' });
    });
    request.on('error', reject);
  });
  await done;
  const text = events.join('');
  assert.match(text, /event: build\ndata: \{/);
  assert.match(text, /event: spans\ndata: \[\{"traceId":"trace-1"/);
});

test.run();
