// The warm-up of `--watch` and `dev` (watchSources' warmUp): the builder's steps, then the
// caller's, one per turn of the event loop; a save stops it, and a later call resumes it with the
// steps of the first call, where it stopped.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBuilder, watchSources, type BuildResult } from '../../compiler/src/index.js';
import { fixtureSrc, ROOT, TMP } from './helpers.js';

const src = path.join(TMP, `watch-warm-up-${process.pid}/src`);
const out = path.join(TMP, `watch-warm-up-${process.pid}/out`);
test.before(() => fs.cpSync(path.join(ROOT, fixtureSrc('emit-golden')), src, { recursive: true }));
test.after(() => fs.rmSync(path.dirname(src), { recursive: true, force: true }));

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, probe: () => boolean, limitMs = 30_000): Promise<void> {
  const started = performance.now();
  while (!probe()) {
    if (performance.now() - started > limitMs) throw new Error(`${what} not within ${limitMs} ms`);
    await sleep(10);
  }
}

test("the caller's steps run after the builder's; a save stops them, a later call resumes them", async () => {
  const builder = createBuilder({ srcDir: src, outDir: out, cwd: ROOT });
  assert.ok(builder.build().ok, 'the fixture builds');
  const builds: BuildResult[] = [];
  const watcher = watchSources(builder, src, out, (result) => builds.push(result));
  const calls: string[] = [];
  let builderDone = false;
  const step = (): boolean => {
    calls.push(builderDone ? 'after the builder' : 'beside the builder');
    return true; // never done by itself: the test stops it
  };
  const builderStep = builder.warmUp.bind(builder);
  builder.warmUp = () => builderStep() || ((builderDone = true), false);
  try {
    watcher.warmUp(step);
    await until('the first step of the caller', () => calls.length > 0);
    assert.equal([...new Set(calls)], ['after the builder'], 'the builder warms up first');

    const file = fs.readdirSync(src).find((name) => name.endsWith('.ts'))!;
    fs.appendFileSync(path.join(src, file), '\n// saved\n');
    await until('the save built', () => builds.length === 1);
    await sleep(100);
    const stoppedAt = calls.length;
    await sleep(200);
    assert.is(calls.length, stoppedAt, 'no step after the save');

    watcher.warmUp(() => {
      assert.unreachable('the steps of the first call are kept');
      return true;
    });
    await until('the steps resumed', () => calls.length > stoppedAt);
  } finally {
    watcher.close();
  }
  const closedAt = calls.length;
  await sleep(100);
  assert.is(calls.length, closedAt, 'none after close');
});

test.run();
