import fs from 'node:fs';
import { formatDiagnostic, summary } from '../diagnostics/format.js';
import { displayPath } from '../files/file-paths.js';
import { bundleApp, BundleRefused, type BundleOptions } from './bundle.js';
import { bundleSnapshot } from './snapshot.js';
import { bundleCodeCache } from './code-cache.js';
import { compileForBun } from './bun-compile.js';
import { bundleBunBytecode } from './bun-bytecode.js';

/**
 * `framework-build bundle`: writes the bundle and says where, how large, and which schema files it
 * carries; a failure is one message on stderr. Returns the exit code.
 *
 * @example
 * process.exitCode = await runBundle({ entry: 'src/main.ts', outDir: 'dist/bundle', cwd: process.cwd() });
 */
export async function runBundle(options: BundleOptions & { readonly cwd: string; readonly snapshot?: boolean; readonly compile?: boolean; readonly bytecode?: boolean; readonly codeCache?: boolean; readonly warm?: readonly string[] }): Promise<number> {
  const started = performance.now();
  try {
    if (options.snapshot && options.codeCache) throw new Error('--snapshot and --code-cache are two ways to start faster: choose one.');
    if (options.snapshot) return await runSnapshot(options, started);
    if (options.codeCache) return await runCodeCache(options, started);
    if (options.compile && options.bytecode) throw new Error('--compile already carries the bytecode: give --compile alone for an executable, --bytecode alone for a bundle run by bun.');
    if (options.compile) return await runCompile(options, started);
    if (options.bytecode) return await runBytecode(options, started);
    const result = await bundleApp(options);
    const carried = result.protos.length > 0 ? `, carrying ${result.protos.join(', ')}` : '';
    const size = `${(result.bytes / 1024 / 1024).toFixed(2)} MiB`;
    const chunks = result.chunks > 0 ? `, with ${result.chunks} chunks loaded on demand` : '';
    const kept = result.classValidatorKept ? ` (class-validator kept: ${result.classValidatorKept})` : '';
    const leftOut = result.leftOut.length > 0 ? `, leaving out what the host never runs: ${result.leftOut.join('; ')}${kept}` : '';
    process.stdout.write(`Bundled ${displayPath(result.file, options.cwd)} (${size}${chunks}${carried}${leftOut}) in ${Math.round(performance.now() - started)} ms.\n`);
    return 0;
  } catch (error) {
    if (error instanceof BundleRefused) {
      const read = (file: string): string | undefined => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
      process.stderr.write(error.diagnostics.map((d) => formatDiagnostic(d, options.cwd, read)).join('\n') + `\n${summary(error.diagnostics)}\n`);
      return 1;
    }
    process.stderr.write(`framework-build bundle: ${messageOf(error)}\n`);
    return 1;
  }
}

/** `--snapshot`: for Node, not split (a snapshot has no chunks to read), with no package left outside. */
async function runSnapshot(options: BundleOptions & { readonly cwd: string }, started: number): Promise<number> {
  const refused = (options.target ?? 'node') !== 'node' ? `--target ${options.target}` : options.split ? '--split' : (options.external ?? []).length > 0 ? '--external' : undefined;
  if (refused) throw new Error(`--snapshot does not go with ${refused}: a snapshot is for Node, one blob with its lazy/ packages beside.`);
  const result = await bundleSnapshot({ entry: options.entry, outDir: options.outDir ?? 'dist/snapshot', minify: options.minify ?? false, cwd: options.cwd });
  for (const warning of result.warnings) process.stderr.write(`${warning}\n`);
  const lazy = result.lazy.length > 0 ? `, ${result.lazy.length} packages imported on demand in lazy/ (${result.lazy.join(', ')})` : '';
  const blob = displayPath(result.blob, options.cwd);
  process.stdout.write(`Built the snapshot ${blob} (${(result.blobBytes / 1024 / 1024).toFixed(2)} MiB${lazy}) for Node ${process.versions.node} in ${Math.round(performance.now() - started)} ms; run it with node --snapshot-blob ${blob}.\n`);
  return 0;
}

/** `--code-cache`: for Node, one script and its launcher, not split, with no package left outside. */
async function runCodeCache(options: BundleOptions & { readonly cwd: string; readonly warm?: readonly string[] }, started: number): Promise<number> {
  const refused = (options.target ?? 'node') !== 'node' ? `--target ${options.target}` : options.split ? '--split' : (options.external ?? []).length > 0 ? '--external' : undefined;
  if (refused) throw new Error(`--code-cache does not go with ${refused}: it makes one script for Node, with its lazy/ packages beside.`);
  const result = await bundleCodeCache({ entry: options.entry, outDir: options.outDir ?? 'dist/bundle', minify: options.minify ?? false, cwd: options.cwd, ...(options.warm?.length ? { warm: options.warm } : {}) });
  if (result.warning) process.stderr.write(`framework-build bundle: ${result.warning}\n${result.cache ? 'The code cache holds only what loading the modules compiled.' : 'No code cache was written: the script is compiled at each start.'}\n`);
  const launcher = displayPath(result.launcher, options.cwd);
  const cache = result.cache ? `, its code cache ${(result.cacheBytes / 1024).toFixed(0)} KiB for Node ${process.versions.node}` : '';
  const cachedLazy = result.lazyCached.length > 0 ? ` (${result.lazyCached.join(', ')} with their code cache)` : '';
  const lazy = result.lazy.length > 0 ? `, ${result.lazy.length} packages imported on demand in lazy/${cachedLazy}` : '';
  process.stdout.write(`Bundled ${launcher}${cache}${lazy} in ${Math.round(performance.now() - started)} ms; run it with node ${launcher}.\n`);
  return 0;
}

/** `--compile`: for Bun only, one file (no `--split`). */
async function runCompile(options: BundleOptions & { readonly cwd: string }, started: number): Promise<number> {
  const refused = options.target !== 'bun' ? `--target ${options.target ?? 'node'}` : options.split ? '--split' : (options.external ?? []).length > 0 ? '--external' : undefined;
  if (refused) throw new Error(`--compile does not go with ${refused}: it makes one Bun executable (--target bun).`);
  const result = await compileForBun({ entry: options.entry, outDir: options.outDir ?? 'dist/bundle', cwd: options.cwd, bun: process.env.BUN || 'bun' });
  const file = displayPath(result.executable, options.cwd);
  process.stdout.write(`Compiled ${file} (${(result.bytes / 1024 / 1024).toFixed(1)} MiB with the Bun runtime) in ${Math.round(performance.now() - started)} ms; run it as it is: ${file}.\n`);
  return 0;
}

/** `--bytecode`: for Bun only, one CommonJS script and its bytecode, with its lazy/ packages beside. */
async function runBytecode(options: BundleOptions & { readonly cwd: string }, started: number): Promise<number> {
  const refused = options.target !== 'bun' ? `--target ${options.target ?? 'node'}` : options.split ? '--split' : (options.external ?? []).length > 0 ? '--external' : undefined;
  if (refused) throw new Error(`--bytecode does not go with ${refused}: it makes one script with its bytecode for Bun (--target bun), with its lazy/ packages beside.`);
  const result = await bundleBunBytecode({ entry: options.entry, outDir: options.outDir ?? 'dist/bundle', minify: options.minify ?? false, cwd: options.cwd, bun: process.env.BUN || 'bun' });
  const script = displayPath(result.script, options.cwd);
  const lazy = result.lazy.length > 0 ? `, ${result.lazy.length} packages imported on demand in lazy/` : '';
  const size = `${(result.scriptBytes / 1024 / 1024).toFixed(2)} MiB and ${(result.bytecodeBytes / 1024 / 1024).toFixed(2)} MiB of bytecode`;
  process.stdout.write(`Bundled ${script} (${size}${lazy}) in ${Math.round(performance.now() - started)} ms; run it with the Bun that built it: bun ${script}.\n`);
  return 0;
}

/** esbuild's failures list each error with its file and line; others are one message. */
function messageOf(error: unknown): string {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1} - ${e.text}` : e.text)).join('\n');
  }
  return error instanceof Error ? error.message : String(error);
}
