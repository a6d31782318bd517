// A build that succeeds never emits code that fails to type-check: every fixture app of the
// repository, the example and both generated apps are built, and everything they emit is
// type-checked at once under the strictest settings the project uses. The same builds prove the
// newer diagnostics (FW1014, FW23xx, the stream and schema wiring checks) report nothing on apps
// that have none of their mistakes.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import ts from 'typescript';
import { createApp } from '../../create-framework-app/src/index.js';
import { build, type BuildResult } from '../../compiler/src/index.js';
import { catalogue } from '../../compiler/src/diagnostics/catalogue.js';
import { STRICT_OPTIONS } from './app-fixture.js';
import { ROOT, TMP } from './helpers.js';

const OUT = path.join(TMP, 'typecheck');

/** Every app source folder of the repository's tests and examples. */
function appSources(): { name: string; src: string }[] {
  const found: { name: string; src: string }[] = [{ name: 'examples-todo', src: path.join(ROOT, 'examples/todo/src') }];
  for (const area of fs.readdirSync(path.join(ROOT, 'test'))) {
    const fixtures = path.join(ROOT, 'test', area, 'fixtures');
    if (!fs.existsSync(fixtures)) continue;
    for (const name of fs.readdirSync(fixtures).sort()) {
      const src = path.join(fixtures, name, 'src');
      if (fs.existsSync(src) && fs.statSync(src).isDirectory() && !showsAnError(name)) found.push({ name: `${area}-${name}`, src });
    }
  }
  return found;
}

/**
 * A fixture named after an error code (`fw1001-missing-provider`) fails to build by design, so it
 * emits nothing to type-check, and its golden test asserts its diagnostics (almost all of them the
 * whole list, so a false FW23xx there fails already). Skipping them halves this suite.
 */
function showsAnError(fixture: string): boolean {
  const code = /^fw(\d{4})-/.exec(fixture)?.[1];
  const entry = code ? (catalogue as Record<string, { severity: string }>)[`FW${code}`] : undefined;
  return entry?.severity === 'error';
}

/** Both variants of the app `npm create framework-app` writes, inside the repository so @framework/* resolve. */
function generatedApps(): { name: string; src: string; out: string }[] {
  const parent = path.join(TMP, 'generated-apps');
  fs.rmSync(parent, { recursive: true, force: true });
  return [false, true].map((grpc) => {
    const name = grpc ? 'created-grpc' : 'created-http';
    const dir = path.join(parent, name);
    createApp({ dir, grpc });
    // Into the app's own `generated/`, as its scripts do (its tsconfig's rootDir holds it).
    return { name, src: path.join(dir, 'src'), out: path.join(dir, 'generated') };
  });
}

const built: { name: string; result: BuildResult }[] = [];

test('builds every app of the repository and both generated apps', async () => {
  fs.rmSync(OUT, { recursive: true, force: true });
  const apps: { name: string; src: string; out?: string }[] = [...appSources(), ...generatedApps()];
  for (const app of apps) {
    const outDir = app.out ?? path.join(OUT, app.name);
    built.push({ name: app.name, result: await build({ srcDir: app.src, outDir, cwd: ROOT, write: true, client: true }) });
  }
  const clean = built.filter((b) => b.result.ok).map((b) => b.name);
  const failed = (name: string): string => JSON.stringify(built.find((b) => b.name === name)?.result.diagnostics.map((d) => `${d.code} ${d.message}`));
  for (const name of ['examples-todo', 'created-http', 'created-grpc', 'compiler-emit-golden', 'compiler-typed-params', 'compiler-fw2301-layer-options']) {
    assert.ok(clean.includes(name), `${name} builds: ${failed(name)}`);
  }
});

test('everything a successful build emitted type-checks under strict tsc', () => {
  const roots = built.filter((b) => b.result.ok).flatMap((b) => b.result.files.map((f) => f.path).filter((f) => f.endsWith('.ts')));
  assert.ok(roots.length > 40, `${roots.length} emitted files`);
  // jsx: one fixture's controller is a .tsx file.
  const program = ts.createProgram(roots, { ...STRICT_OPTIONS, jsx: ts.JsxEmit.Preserve });
  // The emitted files only: a fixture's own sources may be wrong on purpose.
  const errors = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && roots.includes(path.resolve(d.file.fileName)))
    .map((d) => `${path.relative(TMP, d.file!.fileName)}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  assert.equal(errors, []);
});

/**
 * Golden emit fixtures whose throttle annotations show how they are emitted, with no ThrottlerGuard
 * to read them: FW2301 is right there (and only FW2301).
 */
const ANNOTATIONS_WITHOUT_GUARD = new Set(['compiler-emit-golden', 'compiler-grpc-golden']);

/** The wiring checks added with streams, schemas and the request log (besides FW1014 and FW23xx). */
const WIRING_CODES: ReadonlySet<string> = new Set(['FW1209', 'FW2405', 'FW2406', 'FW2407', 'FW2507']);

test('FW1014, FW23xx and the stream and schema wiring checks report nothing on the apps that do not make their mistakes', () => {
  const own = /^compiler-(fw1014|fw23\d\d)-/;
  const reported = built
    .filter((b) => !own.test(b.name))
    .flatMap((b) => b.result.diagnostics.map((d) => ({ app: b.name, d })))
    .filter(({ d }) => d.code === 'FW1014' || d.code.startsWith('FW23') || WIRING_CODES.has(d.code))
    // A fixture named after a code shows that code on purpose.
    .filter(({ app, d }) => !app.includes(`-${d.code.toLowerCase()}-`));
  const unexpected = reported.filter(({ app, d }) => !(ANNOTATIONS_WITHOUT_GUARD.has(app) && d.code === 'FW2301'));
  assert.equal(unexpected.map(({ app, d }) => `${app}: ${d.code} ${d.message}`), []);
  for (const app of ANNOTATIONS_WITHOUT_GUARD) assert.ok(reported.some((r) => r.app === app), `${app} has throttle annotations no guard reads`);
});

test.run();
