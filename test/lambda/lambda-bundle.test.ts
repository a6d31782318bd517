// A Lambda function bundled by `framework-build bundle --target lambda`, run from a directory
// without node_modules by the local Runtime API and bootstrap (as the Node.js runtime loads a
// function): one file; split (`--split`, its chunks read on demand); and one that starts the
// application while its module loads. Each answers an HTTP API event and a refusal as the
// unbundled handler does, and starts the application once per container.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
const entry = (name: string) => fileURLToPath(new URL(`./fixtures/${name}.ts`, import.meta.url));
const containers: Container[] = [];

test.before(async () => {
  await compileFixture(fixture);
});

test.after(async () => {
  await Promise.all(containers.map((container) => container.stop()));
  rmSync(dir, { recursive: true, force: true });
});

/** Bundles `name` into its own directory and starts a container over its `handler`. */
async function container(name: string, split: boolean): Promise<{ container: Container; files: string[] }> {
  const outDir = path.join(dir, `${name}${split ? '-split' : ''}`);
  const { file } = await bundleApp({ entry: entry(name), outDir, target: 'lambda', split });
  const started = await startContainer(`${file}:handler`, {});
  containers.push(started);
  return { container: started, files: readdirSync(outDir).sort() };
}

async function answersLikeTheUnbundledHandler(container: Container): Promise<void> {
  const echo = (await container.invoke(event('http-api'))).result as { statusCode: number; body: string };
  assert.is(echo.statusCode, 200);
  assert.is((JSON.parse(echo.body) as { tag: string }).tag, 'a b');
  const created = (await container.invoke(event('function-url'))).result as { statusCode: number; body: string };
  assert.equal([created.statusCode, JSON.parse(created.body)], [200, { name: 'bolt', quantity: 2 }]);
  const missing = (await container.invoke({ ...event('http-api'), rawPath: '/no-such-route', rawQueryString: '' })).result as { statusCode: number; body: string };
  assert.equal([missing.statusCode, JSON.parse(missing.body)], [404, { status: 404, name: 'NotFoundException', message: 'Not found' }]);
  assert.equal(container.output.filter((line) => line === 'init'), ['init']);
}

test('one file: answers an HTTP API event, validates, refuses, and starts once', async () => {
  const { container: one, files } = await container('bundled-handler', false);
  assert.equal(files, ['bundled-handler.mjs']);
  await answersLikeTheUnbundledHandler(one);
});

test('split: the same from the entry and the chunks it reads on demand', async () => {
  const { container: split, files } = await container('bundled-handler', true);
  assert.equal(files, ['bundled-handler.mjs', 'chunks']);
  assert.ok(readdirSync(path.join(dir, 'bundled-handler-split', 'chunks')).length > 0);
  await answersLikeTheUnbundledHandler(split);
});

test('started while the module loads: init before the first event, then the same answers', async () => {
  const { container: eager } = await container('eager-handler', true);
  for (const until = Date.now() + 20_000; !eager.output.includes('init'); ) {
    if (Date.now() > until) assert.unreachable('the module did not start the application before any event');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await answersLikeTheUnbundledHandler(eager);
});

test.run();
