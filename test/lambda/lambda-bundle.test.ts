// A Lambda function bundled by `framework-build bundle --target lambda` into one file, run from a
// directory without node_modules by the local Runtime API and bootstrap (as the Node.js runtime
// loads a function): it answers an HTTP API event and a refusal as the unbundled handler does,
// and starts the application once per container.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { compileFixture } from '../compile-fixture.js';
import { startContainer, type Container } from './fixtures/runtime-api.js';

const fixture = new URL('./fixtures/app/', import.meta.url);
const dir = mkdtempSync(path.join(tmpdir(), 'framework-lambda-bundle-'));
const event = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/events/${name}.json`, import.meta.url), 'utf8')) as Record<string, any>;
let container: Container;

test.before(async () => {
  await compileFixture(fixture);
  const { file } = await bundleApp({ entry: fileURLToPath(new URL('./fixtures/bundled-handler.ts', import.meta.url)), outDir: dir, target: 'lambda' });
  assert.equal(readdirSync(dir), ['bundled-handler.mjs']);
  container = await startContainer(`${file}:handler`, {});
});

test.after(async () => {
  await container?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('the bundled function answers an HTTP API event, validates, refuses, and starts once', async () => {
  const echo = (await container.invoke(event('http-api'))).result as { statusCode: number; body: string };
  assert.is(echo.statusCode, 200);
  assert.is((JSON.parse(echo.body) as { tag: string }).tag, 'a b');
  const created = (await container.invoke(event('function-url'))).result as { statusCode: number; body: string };
  assert.equal([created.statusCode, JSON.parse(created.body)], [200, { name: 'bolt', quantity: 2 }]);
  const missing = (await container.invoke({ ...event('http-api'), rawPath: '/no-such-route', rawQueryString: '' })).result as { statusCode: number; body: string };
  assert.equal([missing.statusCode, JSON.parse(missing.body)], [404, { status: 404, name: 'NotFoundException', message: 'Not found' }]);
  assert.equal(container.output.filter((line) => line === 'init'), ['init']);
});

test.run();
