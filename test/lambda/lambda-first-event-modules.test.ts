// The bundled Lambda function, in one file and split, answers an event without Node's fetch
// implementation: undici, which the first use of `Request`, `Response` or `Headers` loads (some
// 20 ms of CPU of a cold start), and which Node 22+ also loads for any ES import of `node:http`,
// stays unloaded for a JSON route and a validated body, and is loaded once a route answers with a
// Web `Response`. Each event in a fresh process, as a container's first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { carriesPackage } from '../bundle-text.js';
import { compileFixture } from '../compile-fixture.js';

const fixtures = new URL('./fixtures/', import.meta.url);
const dir = mkdtempSync(path.join(tmpdir(), 'framework-lambda-modules-'));
const handlers: Record<'one file' | 'split', string> = { 'one file': '', split: '' };

test.before(async () => {
  await compileFixture(new URL('app/', fixtures));
  const entry = fileURLToPath(new URL('bundled-handler.ts', fixtures));
  // The entry is beside the app's sources (app/src), not in them, and no srcDir is given: what the
  // build proves of the sources its tables were built from decides class-validator.
  handlers['one file'] = (await bundleApp({ entry, outDir: path.join(dir, 'one'), target: 'lambda' })).file;
  handlers.split = (await bundleApp({ entry, outDir: path.join(dir, 'split'), target: 'lambda', split: true })).file;
});
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** The first event of a fresh container: its status, and whether undici was loaded. */
function firstEvent(handlerFile: string, event: string, rawPath?: string): { statusCode: number; undici: boolean } {
  const args = [fileURLToPath(new URL('first-event-modules.mjs', fixtures)), handlerFile, fileURLToPath(new URL(`events/${event}.json`, fixtures))];
  const run = spawnSync(process.execPath, rawPath ? [...args, rawPath] : args, { encoding: 'utf8', cwd: dir });
  assert.is(run.status, 0, run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as { statusCode: number; undici: boolean };
}

for (const form of ['one file', 'split'] as const) {
  test(`${form}: an HTTP API event of a JSON route is answered without loading undici`, () => {
    assert.equal(firstEvent(handlers[form], 'http-api'), { statusCode: 200, undici: false });
  });

  test(`${form}: a function URL event with a base64 JSON body, validated, too`, () => {
    assert.equal(firstEvent(handlers[form], 'function-url'), { statusCode: 200, undici: false });
  });

  test(`${form}: a route that answers with a Web Response loads it`, () => {
    assert.equal(firstEvent(handlers[form], 'http-api', '/l/cookies'), { statusCode: 200, undici: true });
  });
}

test('the one-file bundle imports no Node HTTP module and no @hono/node-server (a Lambda function never listens)', () => {
  const text = readFileSync(handlers['one file'], 'utf8');
  assert.not.match(text, /from\s*["']node:(?:http|https|http2|net)["']/);
  for (const pkg of ['@hono/node-server', 'ws']) assert.not.ok(carriesPackage(text, pkg), pkg);
});

test('the one-file bundle leaves out class-validator: every DTO of the app compiles (the validated body above answers without it)', () => {
  const text = readFileSync(handlers['one file'], 'utf8');
  for (const pkg of ['class-validator', 'libphonenumber-js']) assert.not.ok(carriesPackage(text, pkg), pkg);
});

test('`listen` in a one-file Lambda bundle is refused, naming what was left out and why', async () => {
  const { file } = await bundleApp({ entry: fileURLToPath(new URL('listening-entry.ts', fixtures)), outDir: path.join(dir, 'listening'), target: 'lambda' });
  const { listen } = (await import(pathToFileURL(file).href)) as { listen: () => Promise<number> };
  const error = await listen().then(() => undefined, (e: unknown) => e);
  assert.instance(error, Error);
  assert.match((error as Error).message, /leaves out the HTTP servers of Node, Deno and Bun \(`listen`\): a Lambda function answers events through its handler and never listens/);
});

test.run();
