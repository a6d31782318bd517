// One trace across two applications: an HTTP request to the relay (this process, the SDK's
// in-memory exporter) whose handler calls a gRPC method of the todo example started as `npm start`
// (or `npm run start:deno`) runs it, which exports its spans over OTLP/HTTP to a receiver here
// decoding them with OpenTelemetry's transformer package. The spans share one trace id, the callee's
// span is the child of the caller's, and both request lines carry the ids of their spans.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileFixture } from '../compile-fixture.js';
import { denoExecutable, launch, type LaunchedServer } from '../launch.js';
import { collectLines } from './fixtures/log-lines.js';
import { startOtlpReceiver, type OtlpReceiver } from './fixtures/otlp-receiver.js';
import { finishedSpan, registerTestSdk } from './fixtures/sdk.js';

const sdk = registerTestSdk();
const fixture = new URL('./fixtures/relay/', import.meta.url);
const { tables } = await compileFixture<{ tables: ApplicationTables }>(fixture);
const { AppModule } = await import('./fixtures/relay/src/app.module.js');
const { connectUpstream, upstream } = await import('./fixtures/relay/src/relay.controller.js');

const root = fileURLToPath(new URL('../../', import.meta.url));
const main = `${root}examples/todo/dist/examples/todo/src/main.js`;
const JWT_SECRET = 'cross-instance-secret-of-at-least-thirty-two-bytes';

/** How the callee is started: Node as `npm start`, Deno as `npm run start:deno`. */
const callees: { name: string; protocol: 'http/protobuf' | 'http/json'; start(env: Record<string, string>): Promise<LaunchedServer> }[] = [
  { name: 'node', protocol: 'http/protobuf', start: (env) => launch(process.execPath, [main], { env, readyMs: 60_000 }) },
];
const deno = denoExecutable();
if ('reason' in deno) console.log(`skipped the Deno callee: ${deno.reason}`);
else {
  const script = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts['start:deno']!;
  const [, ...args] = script.split('&&').at(-1)!.trim().split(/\s+/);
  callees.push({ name: 'deno', protocol: 'http/json', start: (env) => launch(deno.path, args, { cwd: root, env, readyMs: 60_000 }) });
}

for (const callee of callees) {
  const test = suite<{ receiver: OtlpReceiver; todo: LaunchedServer; relay: FrameworkApplication; relayBase: string; lines: ReturnType<typeof collectLines> }>(
    `one trace from an HTTP handler to a gRPC method of another application (${callee.name}, ${callee.protocol})`,
  );

  test.before(async (context) => {
    context.receiver = await startOtlpReceiver();
    context.todo = await callee.start({
      JWT_SECRET,
      OTEL_EXPORTER_OTLP_ENDPOINT: context.receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: callee.protocol,
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_SERVICE_NAME: `todo-${callee.name}`,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    const login = await fetch(`${context.todo.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"demo","password":"demo"}' });
    connectUpstream(context.todo.grpcAddress, ((await login.json()) as { access_token: string }).access_token);
    context.lines = collectLines();
    context.relay = new FrameworkApplication(tables, { requestLog: { destination: context.lines } });
    await context.relay.init(AppModule);
    context.relayBase = `http://127.0.0.1:${await context.relay.listen(0, '127.0.0.1')}`;
  });
  test.after(async ({ receiver, todo, relay }) => {
    upstream.client?.close();
    await relay?.close();
    await todo?.stop();
    await receiver?.close();
  });

  test('the callee’s server span continues the caller’s trace, and the request lines carry the same ids', async ({ receiver, todo, relayBase, lines }) => {
    const response = await fetch(`${relayBase}/relay/404`);
    assert.equal(await response.json(), { code: 5 });
    const caller = await finishedSpan(sdk, 'GET /relay/:id', (s) => s.attributes['framework.request_id'] === response.headers.get('x-request-id'));
    const traceId = caller.spanContext().traceId;
    const callee = await receiver.find((s) => s.name === 'todo.TodoService/GetTodo' && s.traceId === traceId);
    assert.is(callee.parentSpanId, caller.spanContext().spanId);
    assert.is(callee.service, `todo-${callee.protocol === 'http/json' ? 'deno' : 'node'}`);
    assert.equal([callee.kind, callee.attributes['rpc.system'], callee.attributes['rpc.grpc.status_code']], [2, 'grpc', 5]);

    const callerLine = await lines.find((l) => l.requestId === response.headers.get('x-request-id'));
    assert.equal([callerLine.traceId, callerLine.spanId], [traceId, caller.spanContext().spanId]);
    // The callee logs JSON lines on its standard output (the example's request log).
    let calleeLine: Record<string, unknown> | undefined;
    for (let waited = 0; waited < 5000 && !calleeLine; waited += 50) {
      calleeLine = todo
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.traceId === traceId);
      if (!calleeLine) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.ok(calleeLine, todo.output());
    assert.equal([calleeLine.spanId, calleeLine.requestId, calleeLine.route], [callee.spanId, callee.attributes['framework.request_id'], 'todo.TodoService/GetTodo']);
  });

  test('the callee’s HTTP routes export their server spans and lines too', async ({ receiver, todo }) => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const response = await fetch(`${todo.base}/todo/5`, { headers: { traceparent, 'user-agent': `cross-${callee.name}` } });
    assert.is(response.status, 403);
    const span = await receiver.find((s) => s.name === 'GET /todo/:id' && s.traceId === '0af7651916cd43dd8448eb211c80319c');
    assert.is(span.parentSpanId, 'b7ad6b7169203331');
    assert.equal(
      [span.kind, span.attributes['http.route'], span.attributes['http.response.status_code'], span.attributes['url.path'], span.attributes['user_agent.original']],
      [2, '/todo/:id', 403, '/todo/5', `cross-${callee.name}`],
    );
    assert.is(span.attributes['framework.request_id'], response.headers.get('x-request-id'));
  });

  test.run();
}
