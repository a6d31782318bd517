// `framework-build bundle` makes the example one ES module that runs with plain `node` from a
// directory where no node_modules can be reached: the tables, the compiled validators, the runtime
// and every dependency are inside, and the `.proto` is carried as text (no file read at start).
// Server reflection runs from it too: protobufjs's descriptor extension and @grpc/reflection's own
// schema files are inside.
import { createRequire, isBuiltin } from 'node:module';
import { credentials, loadPackageDefinition, type Client } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { call, todoClient } from '../e2e/grpc-client.js';
import { launch, type LaunchedServer } from '../launch.js';

const entry = fileURLToPath(new URL('../../examples/todo/src/main.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'framework-bundle-'));
let server: LaunchedServer;
let token = '';

/** Every directory from `start` up to the root: none may hold a node_modules the bundle could resolve from. */
const ancestors = (start: string): string[] => (path.dirname(start) === start ? [start] : [start, ...ancestors(path.dirname(start))]);

test.before(async () => {
  const result = await bundleApp({ entry, outDir: dir, target: 'node' });
  assert.equal(readdirSync(dir), ['main.mjs'], 'one file');
  assert.equal(result.protos, ['./todo.proto', '@grpc/reflection/build/proto/grpc/reflection/v1/reflection.proto', '@grpc/reflection/build/proto/grpc/reflection/v1alpha/reflection.proto']);
  assert.equal(ancestors(dir).filter((d) => existsSync(path.join(d, 'node_modules'))), [], 'no node_modules above the bundle');
  server = await launch(process.execPath, [path.join(dir, 'main.mjs')], { cwd: dir, readyWithinMs: 30_000, env: { JWT_SECRET: 'bundle-secret-of-at-least-32-bytes!!', LOG_LEVEL: 'warn' } });
  const login = await fetch(`${server.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) });
  token = ((await login.json()) as { access_token: string }).access_token;
});

test.after(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('the bundle leaves no package import and no read of the .proto behind', () => {
  const text = readFileSync(path.join(dir, 'main.mjs'), 'utf8');
  // Only Node's built-ins are imported (`node:fs`, or `fs` as a dependency wrote it); no package.
  const imported = [...text.matchAll(/^import .* from ['"]([^'"]+)['"];?$/gm)].map((m) => m[1]!);
  assert.ok(imported.length > 0);
  assert.equal(imported.filter((name) => !isBuiltin(name)), [], imported.join(', '));
  assert.ok(text.includes('syntax = \\"proto3\\"'), 'the schema is inside');
});

test('routes answer, with the JWT guard, validation and the body limit of the example', async () => {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  assert.is((await fetch(`${server.base}/health`)).status, 200);
  assert.is((await fetch(`${server.base}/todo`)).status, 403, 'no token');
  assert.is((await fetch(`${server.base}/todo`, { headers: { authorization: 'Bearer not-a-token' } })).status, 403, 'a bad token');
  const created = await fetch(`${server.base}/todo`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'milk', priority: 1, colorLabel: '#fff' }) });
  assert.is(created.status, 200);
  assert.is(((await created.json()) as { title: string }).title, 'milk');
  const invalid = await fetch(`${server.base}/todo`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 7, priority: 1, colorLabel: '#fff' }) });
  assert.is(invalid.status, 400);
  assert.match(await invalid.text(), /name/);
  assert.is((await fetch(`${server.base}/todo`, { method: 'POST', headers: auth, body: '{"name":' })).status, 400, 'malformed JSON');
  assert.is((await fetch(`${server.base}/todo`, { method: 'POST', headers: auth, body: 'x'.repeat(65 * 1024) })).status, 413);
  assert.is((await fetch(`${server.base}/no-such-route`, { headers: auth })).status, 404);
});

test('gRPC answers from the schema carried inside the bundle', async () => {
  const client = todoClient(server.grpcAddress);
  try {
    const created = await call(client.CreateTodo, client, { title: 'bread' }, token);
    assert.is((created as { title: string }).title, 'bread');
  } finally {
    client.close();
  }
});

const require = createRequire(import.meta.url);
const { FileDescriptorProto } = require(require.resolve('protobufjs/ext/descriptor', { paths: [require.resolve('@grpc/proto-loader')] })) as {
  FileDescriptorProto: { decode(bytes: Uint8Array): { package: string; service: { name: string }[] } };
};

/** One request on the reflection stream (v1 or v1alpha), its first answer. */
function ask(client: Client, request: object): Promise<{ list_services_response?: { service: { name: string }[] }; file_descriptor_response?: { file_descriptor_proto: Buffer[] } }> {
  return new Promise((resolve, reject) => {
    const call = (client as any).ServerReflectionInfo();
    call.on('data', (answer: never) => {
      resolve(answer);
      call.end();
    });
    call.on('error', reject);
    call.write(request);
  });
}

test('with GRPC_REFLECTION=true the bundle starts, and reflection (v1 and v1alpha) lists the services and gives their files', async () => {
  const reflecting = await launch(process.execPath, [path.join(dir, 'main.mjs')], {
    cwd: dir,
    readyWithinMs: 30_000,
    env: { JWT_SECRET: 'bundle-secret-of-at-least-32-bytes!!', LOG_LEVEL: 'warn', GRPC_REFLECTION: 'true' },
  });
  const clients: Client[] = [];
  try {
    for (const version of ['v1', 'v1alpha']) {
      const proto = require.resolve(`@grpc/reflection/build/proto/grpc/reflection/${version}/reflection.proto`);
      const Reflection = (loadPackageDefinition(loadSync(proto, { keepCase: true })) as any).grpc.reflection[version].ServerReflection;
      const client = new Reflection(reflecting.grpcAddress, credentials.createInsecure()) as Client;
      clients.push(client);
      const listed = await ask(client, { list_services: '' });
      assert.equal(listed.list_services_response!.service.map((service) => service.name).sort(), ['grpc.health.v1.Health', 'todo.TodoService'], version);
      const files = await ask(client, { file_containing_symbol: 'todo.TodoService' });
      const todo = files.file_descriptor_response!.file_descriptor_proto.map((bytes) => FileDescriptorProto.decode(bytes)).find((file) => file.package === 'todo');
      assert.equal(todo?.service.map((service) => service.name), ['TodoService'], version);
    }
  } finally {
    for (const client of clients) client.close();
    await reflecting.stop();
  }
});

test.run();
