// The bundled Lambda function, split as advised, answers an event without Node's fetch implementation: undici, which
// the first use of `Request`, `Response` or `Headers` loads (some 20 ms of CPU of a cold start),
// stays unloaded for a JSON route and a validated body, and is loaded once a route answers with a
// Web `Response`. Each event in a fresh process, as a container's first.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { compileFixture } from '../compile-fixture.js';

const fixtures = new URL('./fixtures/', import.meta.url);
const dir = mkdtempSync(path.join(tmpdir(), 'framework-lambda-modules-'));
let handlerFile = '';

test.before(async () => {
  await compileFixture(new URL('app/', fixtures));
  ({ file: handlerFile } = await bundleApp({ entry: fileURLToPath(new URL('bundled-handler.ts', fixtures)), outDir: dir, target: 'lambda', split: true }));
});
test.after(() => rmSync(dir, { recursive: true, force: true }));

/** The first event of a fresh container: its status, and whether undici was loaded. */
function firstEvent(event: string, rawPath?: string): { statusCode: number; undici: boolean } {
  const args = [fileURLToPath(new URL('first-event-modules.mjs', fixtures)), handlerFile, fileURLToPath(new URL(`events/${event}.json`, fixtures))];
  const run = spawnSync(process.execPath, rawPath ? [...args, rawPath] : args, { encoding: 'utf8', cwd: dir });
  assert.is(run.status, 0, run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as { statusCode: number; undici: boolean };
}

test('an HTTP API event of a JSON route is answered without loading undici', () => {
  assert.equal(firstEvent('http-api'), { statusCode: 200, undici: false });
});

test('a function URL event with a base64 JSON body, validated, too', () => {
  assert.equal(firstEvent('function-url'), { statusCode: 200, undici: false });
});

test('a route that answers with a Web Response loads it', () => {
  assert.equal(firstEvent('http-api', '/l/cookies'), { statusCode: 200, undici: true });
});

test.run();
