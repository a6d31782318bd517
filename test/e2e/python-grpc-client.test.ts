/**
 * The todo example served to a client that is not grpc-js: Python's grpcio (the C core), with the
 * standard health and reflection protos compiled here by grpc_tools.protoc from the copies the npm
 * packages ship. The client has no todo.proto: it reads the schema through reflection alone.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findGrpcPython } from '../provision/grpc-python.mjs';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';
process.env.GRPC_REFLECTION = 'true'; // the example serves reflection only when asked

const python = findGrpcPython();
if (!python) throw new Error('Python gRPC is missing: test/run.mjs provisions it (test/provision/grpc-python.mjs).');

/** The standard protos, from the packages that implement them, compiled for Python into a temp dir. */
function compileProtos(): string {
  const require = createRequire(fileURLToPath(new URL('../../runtime/grpc/package.json', import.meta.url)));
  const health = join(dirname(require.resolve('grpc-health-check/package.json')), 'proto/health/v1/health.proto');
  const reflection = join(dirname(require.resolve('@grpc/reflection/package.json')), 'build/proto/grpc/reflection');
  const dir = mkdtempSync(join(tmpdir(), 'framework-grpc-python-'));
  cpSync(health, join(dir, 'health.proto'));
  for (const version of ['v1', 'v1alpha']) {
    mkdirSync(join(dir, version));
    cpSync(join(reflection, version, 'reflection.proto'), join(dir, version, 'reflection.proto'));
  }
  const protoc = spawnSync(python!, ['-m', 'grpc_tools.protoc', `-I${dir}`, `--python_out=${dir}`, `--grpc_python_out=${dir}`, 'health.proto', 'v1/reflection.proto', 'v1alpha/reflection.proto'], { cwd: dir, encoding: 'utf8' });
  if (protoc.status !== 0) throw new Error(`grpc_tools.protoc failed: ${protoc.stderr}`);
  return dir;
}

const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
const { app, grpc } = await bootstrap();
const httpPort = await app.listen(0, '127.0.0.1');
const grpcPort = await grpc.listen(0, undefined, '127.0.0.1');
const protos = compileProtos();

const login = await fetch(`http://127.0.0.1:${httpPort}/auth/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }),
});
const token = ((await login.json()) as { access_token: string }).access_token;

// spawn, not spawnSync: this process's event loop must stay free to serve the client.
const client = fileURLToPath(new URL('./python/todo_client.py', import.meta.url));
const output = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
  const child = spawn(python, [client, `127.0.0.1:${grpcPort}`, token, protos], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  child.on('close', (code) => resolve({ code, stdout, stderr }));
});
await app.close();
rmSync(protos, { recursive: true, force: true });
if (output.code !== 0) throw new Error(`the Python client failed (exit ${output.code}):\n${output.stderr}`);
const seen = JSON.parse(output.stdout) as Record<string, any>;

test('reflection (v1 and v1alpha) lists the served services and the health service', () => {
  assert.equal(seen.services_v1, ['grpc.health.v1.Health', 'todo.TodoService']);
  assert.equal(seen.services_v1alpha, seen.services_v1);
});

test('reflection alone describes todo.TodoService: every RPC with its messages and streaming kind', () => {
  assert.equal(seen.methods, {
    GetTodo: { input: 'todo.GetTodoRequest', output: 'todo.Todo', client_streaming: false, server_streaming: false },
    CreateTodo: { input: 'todo.CreateTodoRequest', output: 'todo.Todo', client_streaming: false, server_streaming: false },
    ListTodos: { input: 'todo.ListTodosRequest', output: 'todo.Todo', client_streaming: false, server_streaming: true },
    SyncTodos: { input: 'todo.TodoChange', output: 'todo.Todo', client_streaming: true, server_streaming: true },
  });
});

test('unary and server-streaming calls with the message classes built from reflection', () => {
  assert.equal(seen.created.map((t: { title: string }) => t.title), ['py 0', 'py 1', 'py 2']);
  assert.equal(seen.listed, seen.created, 'ListTodos streams every todo, in creation order');
  assert.equal(seen.listed_page, ['py 1'], 'offset and limit');
  assert.is(seen.listed_without_token, 'PERMISSION_DENIED', 'the global guard (a bearer token) applies to the streaming RPC');
});

test('bidirectional SyncTodos: one answer per change; an unknown id ends the call NOT_FOUND', () => {
  assert.is(seen.synced.length, 2);
  assert.equal(seen.synced[0], { id: seen.synced[0].id, title: 'py synced', done: false });
  assert.equal(seen.synced[1], { ...seen.created[0], done: true });
  assert.is(seen.sync_unknown, 'NOT_FOUND');
});

test('health: the server and todo.TodoService are SERVING; an unknown service is NOT_FOUND; List has them all', () => {
  assert.equal(seen.health, { '(server)': 'SERVING', 'todo.TodoService': 'SERVING' });
  assert.is(seen.health_unknown, 'NOT_FOUND');
  assert.equal(seen.health_list, { '(server)': 'SERVING', 'todo.TodoService': 'SERVING' });
});

test.run();
