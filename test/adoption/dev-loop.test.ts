// `npm run dev` of a generated app (framework-build dev): an atomic save of a source file is
// rebuilt and served by the restarted app; a save that breaks the build keeps the last good app
// running and shows the diagnostic; fixing it restarts the app. Prints the time from save to the
// restarted app answering.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { launch, type LaunchedServer } from '../launch.js';
import { atomicSave, generateApp, packedFramework, scratch } from './helpers.js';

const packages = packedFramework();
const parent = scratch('dev');
test.after(() => {
  fs.rmSync(parent, { recursive: true, force: true });
  packages.dispose();
});

const READY = /HTTP on http:\/\/localhost:(\d+)/g;

/** The address of the app process started last by the dev loop (each restart listens on a new port 0). */
const latestBase = (server: LaunchedServer): string => `http://127.0.0.1:${[...server.output().matchAll(READY)].at(-1)![1]}`;

async function greet(base: string, name: string): Promise<string | undefined> {
  try {
    const response = await fetch(`${base}/greetings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    return ((await response.json()) as { message?: string }).message;
  } catch {
    return undefined; // between two processes
  }
}

/** Polls the newest app until it answers `expected`; resolves with the milliseconds it took. */
async function servedWithin(server: LaunchedServer, expected: string, started: number, limitMs = 60_000): Promise<number> {
  for (;;) {
    if ((await greet(latestBase(server), 'Ada')) === expected) return Math.round(performance.now() - started);
    if (performance.now() - started > limitMs) throw new Error(`'${expected}' not served within ${limitMs} ms; dev output:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function outputShows(server: LaunchedServer, pattern: RegExp, after: number, limitMs = 60_000): Promise<void> {
  const started = performance.now();
  while (!pattern.test(server.output().slice(after))) {
    if (performance.now() - started > limitMs) throw new Error(`${pattern} not printed within ${limitMs} ms; dev output:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

test('npm run dev: atomic saves are served after a restart, a broken build keeps the last good app, its fix restarts it', async () => {
  const dir = generateApp(packages.dir, parent, 'dev-app');
  const service = path.join(dir, 'src/greeting/greeting.service.ts');
  const controller = path.join(dir, 'src/greeting/greeting.controller.ts');
  const original = fs.readFileSync(service, 'utf8');
  const server = await launch(path.join(dir, 'node_modules/.bin/framework-build'), ['dev', 'src', '--entry', 'src/main.ts'], { cwd: dir, readyMs: 120_000 }); // a first build, then the app: slow on a busy machine
  try {
    assert.is(await greet(server.base, 'Ada'), 'Hello, Ada!');
    assert.ok(fs.existsSync(path.join(dir, 'generated/tables.ts')), 'dev writes the tables');

    let started = performance.now();
    atomicSave(service, original.replace('Hello, ${name}!', 'Hi, ${name}!'));
    const first = await servedWithin(server, 'Hi, Ada!', started);

    // The same file again: a watcher that followed the replaced inode would miss this one.
    started = performance.now();
    atomicSave(service, original.replace('Hello, ${name}!', 'Hey, ${name}!'));
    const second = await servedWithin(server, 'Hey, Ada!', started);
    console.log(`  save → restarted app answering: ${first} ms, then ${second} ms`);

    const good = latestBase(server);
    const mark = server.output().length;
    const source = fs.readFileSync(controller, 'utf8');
    atomicSave(controller, source.replace("@Param('id')", "@Param('key')"));
    await outputShows(server, /error FW1202: /, mark);
    await outputShows(server, /the app keeps running the last good build/, mark);
    assert.is(await greet(good, 'Bo'), 'Hey, Bo!', 'the last good app still answers');

    const beforeFix = server.output().length;
    started = performance.now();
    atomicSave(controller, source);
    await outputShows(server, /HTTP on http:\/\/localhost:\d+/, beforeFix);
    assert.is.not(latestBase(server), good, 'the fix restarted the app');
    await servedWithin(server, 'Hey, Ada!', started);
  } finally {
    await server.stop();
  }
  assert.not.match(server.output(), /Error|at .*\.js:\d+/, 'no stack printed');
});

test.run();
