// The kept builder of `--watch` and `dev` (on a copy of the todo example): after its warm-up, a
// save's incremental build reuses the last program's module resolution, and whatever the save
// changes (a method body, a return type, a new route) its output is byte for byte what a fresh
// full build of the same sources writes.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBuilder, type Builder, type BuildResult } from '../../compiler/src/index.js';
import { ROOT, TMP } from './helpers.js';

const copy = path.join(TMP, `warm-up-${process.pid}`);
const src = path.join(copy, 'examples/todo/src');
const out = path.join(copy, 'generated/todo');
const health = path.join(src, 'health/health.controller.ts');

test.before(() => {
  fs.rmSync(copy, { recursive: true, force: true });
  fs.mkdirSync(path.join(copy, 'examples'), { recursive: true });
  fs.cpSync(path.join(ROOT, 'examples/todo'), path.join(copy, 'examples/todo'), { recursive: true });
  // The example's Worker entry (src/worker.ts, type-checked with the rest) imports these tables.
  fs.cpSync(path.join(ROOT, 'generated/todo-worker'), path.join(copy, 'generated/todo-worker'), { recursive: true });
  fs.copyFileSync(path.join(ROOT, 'tsconfig.base.json'), path.join(copy, 'tsconfig.base.json'));
});
test.after(() => fs.rmSync(copy, { recursive: true, force: true }));

const builderOf = (): Builder => createBuilder({ srcDir: src, outDir: out, cwd: copy });
/** What a build writes: each file's path (relative to the output folder) and text. */
const written = (result: BuildResult): Record<string, string> =>
  Object.fromEntries(result.files.map((file) => [path.relative(out, file.path), file.text]));
/** TypeScript's record of how much of the last program the current one reused (2: completely). */
const reuseOf = (builder: Builder): number | undefined =>
  (builder.project.getProgram().compilerObject as unknown as { structureIsReused?: number }).structureIsReused;

test('after the warm-up a save reuses the program, and every incremental build equals a fresh full build', () => {
  const kept = builderOf();
  assert.ok(kept.build().ok, 'the example builds');
  let steps = 1;
  while (kept.warmUp()) steps++;
  assert.ok(steps <= 4, `the warm-up ends (${steps} steps)`);
  assert.is(kept.warmUp(), false, 'nothing is left to warm up');

  const original = fs.readFileSync(health, 'utf8');
  const saves = [
    ['a method body', original.replace("return { status: 'ok' };", "const status = 'ok' as const;\n    return { status };")],
    ['a return type (the client and document change)', original.replaceAll("'ok'", "'ok-1'")],
    ['a new route', original.replace(/\n}\n$/, "\n\n  /** Answers pong. */\n  @Get('/ping')\n  ping(): { pong: boolean } {\n    return { pong: true };\n  }\n}\n")],
  ] as const;
  for (const [what, text] of saves) {
    fs.writeFileSync(health, text);
    kept.refresh([health]);
    const incremental = kept.build();
    assert.ok(incremental.ok, what);
    if (what === 'a method body') assert.is(reuseOf(kept), 2, 'the first save after the warm-up reuses the whole program structure');
    const fresh = builderOf().build();
    assert.equal(written(incremental), written(fresh), `after ${what} the incremental build writes what a full build writes`);
  }
  assert.ok(
    written(kept.build())['openapi.json']?.includes('"/health/ping"'),
    'the new route is in the output',
  );
});

test.run();
