#!/usr/bin/env node
// Bare Hono on Bun.serve with its bytecode, as `bun build --bytecode` makes it for a script run by
// `bun`: the floor beside the example's `--target bun --bytecode`. Bun gives bytecode to a
// CommonJS file only, and the bench's shared peer code awaits at its top level, so the app is
// bundled by Bun as one ES module first, its statements moved into one async function that is
// then called (as `framework-build bundle --compile` does), and that file compiled to bytecode.
//
//   node bench/cold-start/hono-bun-bytecode.mjs <bun> <out dir>   # writes <out dir>/hono-bun.cjs and .jsc
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SNAPSHOT_MAIN, snapshotEntrySource } from '../../compiler/dist/bundle/snapshot-entry.js';

const [bun, outDir] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'hono-bun-bytecode-'));
const run = (args) => {
  const r = spawnSync(bun, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`bun ${args.join(' ')} failed:\n${r.stdout}${r.stderr}`);
};
try {
  run(['build', fileURLToPath(new URL('./hono-bun.mjs', import.meta.url)), '--target=bun', '--format=esm', '--outfile', join(work, 'bundle.mjs')]);
  const wrapped = `${snapshotEntrySource(readFileSync(join(work, 'bundle.mjs'), 'utf8'), 'hono-bun.mjs', '--bytecode')}${SNAPSHOT_MAIN}();\n`;
  writeFileSync(join(work, 'hono-bun.mjs'), wrapped);
  run(['build', join(work, 'hono-bun.mjs'), '--bytecode', '--format=cjs', '--target=bun', '--outdir', outDir, '--entry-naming', '[name].cjs']);
} finally {
  rmSync(work, { recursive: true, force: true });
}
