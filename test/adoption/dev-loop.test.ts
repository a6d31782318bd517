// `npm run dev` of a generated app (framework-build dev): an atomic save of a source file is
// rebuilt, type-checked and served by the restarted app; a save that breaks the build, the types
// or the syntax keeps the last good app running and shows the diagnostic; fixing it restarts the
// app. With --no-type-check a type error reaches the app, and a syntax error is caught only by
// framework-build's own syntax diagnostics (that case is skipped, saying so, where it has none).
// Prints the time from save to the restarted app answering.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { launch, type LaunchedServer } from '../launch.js';
import { atomicSave, generateApp, packedFramework, scratch } from './helpers.js';
import { spawnSync } from 'node:child_process';

const packages = packedFramework();
const parent = scratch('dev');
test.after(() => {
  fs.rmSync(parent, { recursive: true, force: true });
  packages.dispose();
});

// The first build and full type check of a cold process, on a machine busy with other suites.
const FIRST_BUILD_MS = 120_000;
const READY = /HTTP on http:\/\/localhost:(\d+)/g;

/** The address of the app process started last by the dev loop (each restart listens on a new port 0). */
const latestBase = (server: LaunchedServer): string => `http://127.0.0.1:${[...server.output().matchAll(READY)].at(-1)![1]}`;

async function greet(base: string, name: string): Promise<unknown> {
  try {
    const response = await fetch(`${base}/greetings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    return ((await response.json()) as { message?: unknown }).message;
  } catch {
    return undefined; // between two processes
  }
}

/** Polls the newest app until it answers `expected`; resolves with the milliseconds it took. */
async function servedWithin(server: LaunchedServer, expected: unknown, started: number, limitMs = 60_000): Promise<number> {
  for (;;) {
    if ((await greet(latestBase(server), 'Ada')) === expected) return Math.round(performance.now() - started);
    if (performance.now() - started > limitMs) throw new Error(`${JSON.stringify(expected)} not served within ${limitMs} ms; dev output:\n${server.output()}`);
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

// One app for both loops (an install is the slow part); the first leaves its sources as generated.
let dir = '';

test('npm run dev: atomic saves are served after a restart, a broken build keeps the last good app, its fix restarts it', async () => {
  dir = generateApp(packages.dir, parent, 'dev-app');
  const service = path.join(dir, 'src/greeting/greeting.service.ts');
  const controller = path.join(dir, 'src/greeting/greeting.controller.ts');
  const original = fs.readFileSync(service, 'utf8');
  const server = await launch(path.join(dir, 'node_modules/.bin/framework-build'), ['dev', 'src', '--entry', 'src/main.ts'], { cwd: dir, readyWithinMs: FIRST_BUILD_MS });
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

    // A type error: framework-build is content, the type check is not; the app answers as before.
    const typed = latestBase(server);
    let at = server.output().length;
    atomicSave(service, original.replace('Hello, ${name}!', 'Hey, ${name}!').replace('return [...this.greetings.values()];', 'return 42;'));
    await outputShows(server, /greeting\.service\.ts:\d+:\d+ - error TS2322: Type 'number' is not assignable/, at);
    await outputShows(server, /1 type error \(checked in \d+ ms\): the app keeps running the last good build/, at);
    assert.is(await greet(typed, 'Cy'), 'Hey, Cy!', 'the last good app still answers after a type error');

    // A syntax error (the issue's `{{`): caught by the type check at least, never run.
    at = server.output().length;
    atomicSave(controller, source.replace('list(): Greeting[] {', 'list(): Greeting[] {{'));
    await outputShows(server, /greeting\.controller\.ts:\d+:\d+ - error TS\d+|greeting\.controller\.ts:\d+:\d+ - error FW\d+/, at);
    await outputShows(server, /the app keeps running the last good build/, at);
    assert.is(await greet(typed, 'Di'), 'Hey, Di!', 'the last good app still answers after a syntax error');
    assert.is(latestBase(server), typed, 'no restart on a syntax or type error');

    at = server.output().length;
    started = performance.now();
    atomicSave(controller, source);
    atomicSave(service, original);
    await outputShows(server, /types checked in \d+ ms; restarting/, at);
    const fixed = await servedWithin(server, 'Hello, Ada!', started);
    console.log(`  type error fixed → restarted app answering: ${fixed} ms`);
  } finally {
    await server.stop();
  }
  assert.not.match(server.output(), /Error|at .*\.js:\d+/, 'no stack printed');
});

/** Whether framework-build itself reports a syntax error (the compiler's syntax diagnostics). */
function reportsSyntaxErrors(dir: string, file: string, broken: string): boolean {
  const original = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, broken);
  try {
    // Into the app's own `generated` (another folder would fail the set-up checks): a build that
    // reports the error writes nothing, one that does not is replaced by the dev loop's first build.
    const probe = spawnSync(path.join(dir, 'node_modules/.bin/framework-build'), ['src', '--out', 'generated'], { cwd: dir, encoding: 'utf8' });
    return probe.status !== 0 && /greeting\.controller\.ts:\d+:\d+ - error/.test(probe.stdout + probe.stderr);
  } finally {
    fs.writeFileSync(file, original);
  }
}

test('npm run dev -- --no-type-check: a type error restarts into the app; a syntax error keeps the last good app', async () => {
  dir ||= generateApp(packages.dir, parent, 'dev-app');
  const service = path.join(dir, 'src/greeting/greeting.service.ts');
  const controller = path.join(dir, 'src/greeting/greeting.controller.ts');
  const original = fs.readFileSync(service, 'utf8');
  const source = fs.readFileSync(controller, 'utf8');
  const syntaxError = source.replace('list(): Greeting[] {', 'list(): Greeting[] {{');
  const syntaxReported = reportsSyntaxErrors(dir, controller, syntaxError);
  const server = await launch(path.join(dir, 'node_modules/.bin/framework-build'), ['dev', 'src', '--entry', 'src/main.ts', '--no-type-check'], { cwd: dir, readyWithinMs: FIRST_BUILD_MS });
  try {
    assert.is(await greet(server.base, 'Ada'), 'Hello, Ada!');
    assert.not.match(server.output(), /types checked/, 'no type check');

    // What --no-type-check costs: tsx strips types, so a wrong type runs (here: a wrong message).
    const started = performance.now();
    atomicSave(service, original.replace('message: `Hello, ${name}!`', 'message: `Hello, ${name}!`.length as unknown as string'));
    await servedWithin(server, 'Hello, Ada!'.length, started);

    if (!syntaxReported) {
      console.log('  SKIPPED: a syntax error under --no-type-check: framework-build does not report TypeScript syntax errors yet (compiler diagnostics, branch issue-28); this case runs once it does');
      return;
    }
    const good = latestBase(server);
    const at = server.output().length;
    atomicSave(controller, syntaxError);
    await outputShows(server, /greeting\.controller\.ts:\d+:\d+ - error/, at);
    await outputShows(server, /the app keeps running the last good build/, at);
    assert.is(latestBase(server), good, 'no restart on a syntax error');
    assert.ok((await greet(good, 'Bo')) !== undefined, 'the last good app still answers');
  } finally {
    await server.stop();
  }
});

test.run();
