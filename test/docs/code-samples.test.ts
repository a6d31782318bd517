// Every TypeScript sample of README.md and docs/ compiles: each page's samples are laid out as one
// application (test/docs/samples.ts), built with framework-build in this process (the compiler
// loaded once for every page), and every page is type-checked by one tsc run, with the generated
// tables. A fragment is type-checked after its context; a deliberate mistake must make
// framework-build report exactly the code its marker names. Errors point at the page's line.
import { build, type Diagnostic } from '@framework/compiler';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './markdown.js';
import { collectSamples, layOut, pagePosition, type Layout } from './samples.js';

const WORK = path.join(ROOT, 'test/.tmp/docs-samples');
const samples = collectSamples();
let layout: Layout;

const describe = (origins: Layout['origins'], d: Diagnostic): string => `${pagePosition(origins, d.file, d.line)} ${d.severity} ${d.code}: ${d.message}`;

test.before(() => {
  layout = layOut(samples, WORK);
});

test('the pages hold samples of every kind, and a skipped one says why', () => {
  const kinds = new Set(samples.map((s) => s.kind));
  for (const kind of ['module', 'fragment', 'mistake'] as const) assert.ok(kinds.has(kind), `some sample is a ${kind}`);
  const skipped = samples.filter((s) => s.kind === 'skip');
  for (const s of skipped) assert.ok(s.argument.length >= 10, `${s.page}:${s.block.line}: a skip gives its reason`);
  console.log(`  ${samples.length} samples: ${samples.length - skipped.length} checked, ${skipped.length} skipped`);
});

test('every page application builds with framework-build, without a diagnostic', async () => {
  const found: string[] = [];
  for (const dir of layout.apps) {
    const result = await build({ srcDir: path.join(dir, 'src'), outDir: path.join(dir, 'generated'), cwd: dir, write: true, openapi: false });
    found.push(...result.diagnostics.map((d) => describe(layout.origins, d)));
  }
  assert.ok(layout.apps.length >= 3, `${layout.apps.length} applications`);
  assert.equal(found, []);
});

test('each deliberate mistake is reported with exactly the code its marker names', async () => {
  const wrong: string[] = [];
  for (const { dir, code, sample } of layout.mistakes) {
    const result = await build({ srcDir: path.join(dir, 'src'), outDir: path.join(dir, 'generated'), cwd: dir, openapi: false });
    const codes = [...new Set(result.diagnostics.map((d) => d.code))];
    if (codes.length !== 1 || codes[0] !== code) {
      wrong.push(`${sample.page}:${sample.block.line}: expected ${code} alone, got ${codes.join(', ') || 'nothing'}\n${result.diagnostics.map((d) => `  ${describe(layout.origins, d)}`).join('\n')}`);
    }
  }
  assert.equal(wrong, []);
});

test('every sample, with the tables generated for it, passes tsc --strict', () => {
  const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(WORK, 'tsconfig.json'), '--pretty', 'false'], {
    cwd: WORK,
    encoding: 'utf8',
  });
  // tsc writes `file(line,col): error TS…`; each is turned back into the page's line.
  const errors = tsc.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const at = /^(.+?)\((\d+),(\d+)\): (.*)$/.exec(line);
      return at ? `${pagePosition(layout.origins, path.resolve(WORK, at[1]!), Number(at[2]))} ${at[4]}` : line;
    });
  assert.equal(errors, []);
  assert.is(tsc.status, 0, tsc.stderr);
});

test.after(() => {
  if (!process.env.KEEP_DOCS_SAMPLES) fs.rmSync(WORK, { recursive: true, force: true });
});

test.run();
