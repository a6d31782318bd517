// Bun parses every module of a bundle at each start, which is most of the example's start there.
// `bun build --compile --bytecode` makes one executable carrying JavaScriptCore's bytecode of the
// bundle instead: nothing is parsed at start. Bun's bytecode is made for a CommonJS-shaped file (an
// ES module needs `--compile`, and a top-level `await` is refused), so the bundle's statements are
// moved into one async function, its imports left at the top, and that function is called.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleApp } from './bundle.js';
import { SNAPSHOT_MAIN, snapshotEntrySource } from './snapshot-entry.js';

export interface BunCompileOptions {
  /** The module that starts the app; it exports nothing. */
  readonly entry: string;
  /** The directory of the executable, `<outDir>/<entry name>`; default `dist/bundle`. */
  readonly outDir?: string;
  /** Base of relative paths; default `process.cwd()`. */
  readonly cwd?: string;
  /** The `bun` that compiles; default `bun` on the PATH. */
  readonly bun?: string;
}

export interface BunCompileResult {
  /** The executable: run it as it is, with the app's environment. */
  readonly executable: string;
  readonly bytes: number;
}

/**
 * Bundles an application for Bun, then compiles it into one executable with its bytecode
 * (`bun build --compile --bytecode`): the Bun runtime, the bundle and the bytecode of every module,
 * so that a start parses nothing.
 *
 * @example
 * const { executable } = await compileForBun({ entry: 'src/main-http.ts', outDir: 'dist/bun' });
 * // ./dist/bun/main-http
 * @throws {Error} when the entry exports a value, or `bun` is missing or fails (its message)
 */
export async function compileForBun(options: BunCompileOptions): Promise<BunCompileResult> {
  const cwd = options.cwd ?? process.cwd();
  const name = path.basename(options.entry).replace(/\.[cm]?[jt]sx?$/, '');
  const outDir = path.resolve(cwd, options.outDir ?? 'dist/bundle');
  const executable = path.join(outDir, name);
  const entry = path.resolve(cwd, options.entry);
  if (!fs.existsSync(entry)) throw new Error(`The entry ${options.entry} does not exist.`);
  // Refused at the entry's own line: a handler module is not started by an executable.
  snapshotEntrySource(fs.readFileSync(entry, 'utf8'), path.relative(cwd, entry), '--compile');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-bun-compile-'));
  try {
    // Split: what is imported on demand stays in chunks of its own inside the executable, out of the start's bytecode.
    const { file } = await bundleApp({ entry, outDir: work, target: 'bun', cwd, split: true });
    const text = fs.readFileSync(file, 'utf8');
    const started = `${snapshotEntrySource(text, 'the bundle', '--compile')}${SNAPSHOT_MAIN}().catch((error) => { console.error(error); process.exit(1); });\n`;
    const source = path.join(work, `${name}.bytecode.mjs`);
    fs.writeFileSync(source, started);
    fs.mkdirSync(outDir, { recursive: true });
    const bun = options.bun ?? 'bun';
    const built = spawnSync(bun, ['build', source, '--compile', '--bytecode', '--target=bun', '--outfile', executable], { cwd: work, encoding: 'utf8' });
    if (built.error) throw new Error(`--compile needs Bun (${bun}: ${built.error.message}); install it, or give its path in the BUN environment variable.`);
    if (built.status !== 0) throw new Error(`bun build --compile --bytecode failed (exit ${built.status}):\n${(built.stderr || built.stdout).trim()}`);
    return { executable, bytes: fs.statSync(executable).size };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
