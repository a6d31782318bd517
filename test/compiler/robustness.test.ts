/**
 * An exception inside the compiler never ends `--watch`: a build reports it as FW1013 and the next
 * change builds again; an exception of the caller's `onBuild` goes to `onError`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBuilder, watchSources, type BuildResult } from '../../compiler/src/index.js';
import { fixtureSrc, ROOT, TMP } from './helpers.js';

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(check(), 'timed out');
}

test('watch mode survives an internal error: FW1013 is reported, then the next change builds', async () => {
  const src = path.join(TMP, 'robust-watch');
  const out = path.join(TMP, 'robust-watch-out');
  fs.rmSync(src, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, fixtureSrc('fw1013-internal-error')), src, { recursive: true });
  const builder = createBuilder({ srcDir: src, outDir: out, cwd: ROOT });
  assert.is(builder.build().ok, true);

  const original = builder.project.getSourceFiles.bind(builder.project);
  let broken = true;
  builder.project.getSourceFiles = ((...args: Parameters<typeof original>) => {
    if (broken) throw new RangeError('compiler bug');
    return original(...args);
  }) as typeof builder.project.getSourceFiles;

  const builds: BuildResult[] = [];
  const errors: unknown[] = [];
  let throwFromCallback = false;
  const watcher = watchSources(
    builder,
    src,
    out,
    (r) => {
      builds.push(r);
      if (throwFromCallback) throw new Error('cannot write');
    },
    20,
    (e) => errors.push(e),
  );
  const file = path.join(src, 'app.module.ts');
  try {
    fs.appendFileSync(file, '\n// one\n');
    await until(() => builds.length === 1);
    assert.equal(builds[0]!.diagnostics.map((d) => `${d.code} ${d.message}`), ['FW1013 framework-build stopped on an unexpected internal error: RangeError: compiler bug']);

    broken = false;
    throwFromCallback = true;
    fs.appendFileSync(file, '// two\n');
    await until(() => builds.length === 2 && errors.length === 1);
    assert.is(builds[1]!.ok, true);
    assert.match(String(errors[0]), /cannot write/);

    throwFromCallback = false;
    fs.appendFileSync(file, '// three\n');
    await until(() => builds.length === 3);
    assert.is(builds[2]!.ok, true);
  } finally {
    watcher.close();
  }
});

test('an exception while refreshing is reported by the next build, which reads anew', () => {
  const builder = createBuilder({ srcDir: fixtureSrc('fw1013-internal-error'), outDir: path.join(TMP, 'robust-refresh-out'), cwd: ROOT });
  const file = builder.project.getSourceFiles()[0]!;
  const refresh = file.refreshFromFileSystemSync.bind(file);
  file.refreshFromFileSystemSync = () => {
    throw new Error('EIO: i/o error');
  };
  builder.refresh([file.getFilePath()]);
  assert.equal(builder.build().diagnostics.map((d) => d.code), ['FW1013']);
  file.refreshFromFileSystemSync = refresh;
  assert.is(builder.build().ok, true);
});

test.run();
