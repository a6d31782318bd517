// Regression: `close()` during `init` (SIGTERM while an async factory still connects) ran the
// onAppClose hooks of the singletons created so far and resolved, while init went on: it created
// the rest, whose onAppClose never ran (their connections kept the process alive after close),
// ran onAppBootstrap after onAppClose, and resolved as if the application were ready. Now close()
// waits for the running init (within shutdownTimeoutMs), init stops at its next step with an error,
// and every singleton created is closed once.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule, Connection, lifecycle } from './fixtures/close-during-init/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/close-during-init/', import.meta.url));
const logged: string[] = [];
const logger: Logger = { error: (message) => void logged.push(String(message)), warn: () => undefined, log: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.before.each(() => {
  lifecycle.events.length = 0;
  lifecycle.factoryMs = 300;
  logged.length = 0;
});

test('close() during init waits for it, stops it, and closes every singleton it created', async () => {
  const app = new FrameworkApplication(tables, { logger });
  const init = app.init(AppModule).then(
    () => undefined,
    (error: unknown) => error as Error,
  );
  await sleep(50);
  await app.close();
  assert.equal(lifecycle.events, ['Early.onAppClose', 'Repository.onAppClose'], 'no onAppBootstrap, every onAppClose');
  const error = await init;
  assert.instance(error, Error);
  assert.match(error!.message, 'app.init() stopped: app.close() was called while it was running.');
  assert.is((await app.health.readiness()).status, 'down');
  assert.match(String(await app.listen(0, '127.0.0.1').catch((e: unknown) => e)), 'before `app.listen(port)`');
  await app.close();
  assert.equal(lifecycle.events, ['Early.onAppClose', 'Repository.onAppClose'], 'a second close() closes nothing twice');
  assert.is(Connection.open.size, 0);
});

test('a factory still pending after shutdownTimeoutMs: close() says so, and what init creates later is closed', async () => {
  lifecycle.factoryMs = 400;
  const app = new FrameworkApplication(tables, { logger, shutdownTimeoutMs: 100 });
  const init = app.init(AppModule).then(
    () => undefined,
    (error: unknown) => error as Error,
  );
  await sleep(50);
  const closing = await app.close().catch((error: unknown) => error as Error);
  assert.instance(closing, Error);
  assert.match((closing as Error).message, /^app\.close\(\): waiting for app\.init\(\) failed: it was still running after 100 ms \(shutdownTimeoutMs\), waiting for 'CONNECTION' \(app\.module\.ts:\d+:\d+\)$/);
  assert.equal(lifecycle.events, ['Early.onAppClose']);
  assert.match((await init)!.message, 'app.init() stopped');
  assert.equal(lifecycle.events, ['Early.onAppClose', 'Repository.onAppClose']);
  assert.is(Connection.open.size, 0);
});

// What a failing run leaked must not keep this suite's process alive.
test.after(() => Connection.open.forEach((connection) => connection.close()));

test('SIGTERM during a slow start: the process exits by itself once close() resolves', async () => {
  const main = fileURLToPath(new URL('./fixtures/close-during-init/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('starting') && !child.killed) setTimeout(() => child.kill('SIGTERM'), 50);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  const code = await exited;
  clearTimeout(timer);
  assert.is(code, 0, `the process exited by itself (output: ${output})`);
  assert.match(output, 'closed');
  assert.match(output, 'init failed: app.init() stopped');
  assert.not.match(output, 'listening');
});

test.run();
