// Bun parses every module of a bundle at each start: for the example's HTTP entry that is about
// half of its start. `bun build --bytecode` writes, beside a CommonJS file, JavaScriptCore's
// bytecode of it (`<file>.jsc`), which `bun <file>` loads instead of parsing; an ES module gets
// bytecode only inside an executable (`--compile`). So the application is bundled as the one
// CommonJS script a code cache is made of (its top-level `await` moved into a main function, the
// packages it loads on demand in `lazy/`), and Bun compiles that script to bytecode.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleScript } from './script-bundle.js';

export interface BunBytecodeOptions {
  /** The module that starts the app (`src/main-http.ts`); it exports nothing and serves no gRPC. */
  readonly entry: string;
  /** The directory written; default `dist/bundle`. */
  readonly outDir?: string;
  readonly minify?: boolean;
  /** Base of relative paths; default `process.cwd()`. */
  readonly cwd?: string;
  /** The `bun` that compiles (and whose version must run it); default `bun` on the PATH. */
  readonly bun?: string;
}

export interface BunBytecodeResult {
  /** `<outDir>/<entry name>.cjs`: run it with `bun <script>`. */
  readonly script: string;
  /** `<outDir>/<entry name>.cjs.jsc`, the bytecode Bun loads in place of parsing the script. */
  readonly bytecode: string;
  readonly scriptBytes: number;
  readonly bytecodeBytes: number;
  /** The packages imported on demand, bundled into `<outDir>/lazy/` (parsed when first loaded). */
  readonly lazy: readonly string[];
}

/**
 * Bundles an HTTP application for Bun as one CommonJS script with its bytecode beside it
 * (`bun build --bytecode`): a start loads the bytecode and parses nothing but what it loads on
 * demand. Copy the directory whole (script, `.jsc`, `lazy/`); run it with the Bun that built it.
 *
 * @example
 * const { script } = await bundleBunBytecode({ entry: 'src/main-http.ts', outDir: 'dist/bun' });
 * // bun dist/bun/main-http.cjs
 * @throws {Error} when the entry exports a value or carries gRPC (naming `--bytecode`), or `bun` is missing or fails (its message)
 */
export async function bundleBunBytecode(options: BunBytecodeOptions): Promise<BunBytecodeResult> {
  const cwd = options.cwd ?? process.cwd();
  const outDir = path.resolve(cwd, options.outDir ?? 'dist/bundle');
  const name = path.basename(options.entry).replace(/\.[cm]?[jt]sx?$/, '');
  const { text, lazy } = await bundleScript({ entry: options.entry, outDir, minify: options.minify ?? false, cwd, option: '--bytecode', start: 'script' });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-bun-bytecode-'));
  try {
    const source = path.join(work, `${name}.cjs`);
    fs.writeFileSync(source, wrappedForBun(text));
    const script = path.join(outDir, `${name}.cjs`);
    const bytecode = `${script}.jsc`;
    fs.rmSync(bytecode, { force: true });
    const bun = options.bun ?? 'bun';
    const built = spawnSync(bun, ['build', source, '--bytecode', '--format=cjs', '--target=bun', '--outdir', outDir, '--entry-naming', '[name].cjs'], { cwd: work, encoding: 'utf8' });
    if (built.error) throw new Error(`--bytecode needs Bun (${bun}: ${built.error.message}); install it, or give its path in the BUN environment variable.`);
    if (built.status !== 0) throw new Error(`bun build --bytecode failed (exit ${built.status}):\n${(built.stderr || built.stdout).trim()}`);
    if (!fs.existsSync(bytecode)) throw new Error(`bun build --bytecode wrote no ${path.basename(bytecode)} beside ${path.basename(script)}.`);
    return { script, bytecode, scriptBytes: fs.statSync(script).size, bytecodeBytes: fs.statSync(bytecode).size, lazy };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Bun's bundler writes the build machine's path in place of a module's `__filename`, `__dirname`
 * and `module.filename`, where the script finds its `lazy/` and its modules' `import.meta.url`; so
 * the script runs inside a function that takes them from the module object at run time (through a
 * name Bun does not rewrite), and a bundle moved elsewhere still finds what lies beside it.
 *
 * @example
 * wrappedForBun('console.log(__dirname);\n') // logs the directory the script runs from
 */
export function wrappedForBun(script: string): string {
  return (
    'var __frameworkModule = module;\n' +
    // The directory by hand: Bun loads `node:path` at its first `require`, a millisecond of the start.
    `(function (require, __filename, __dirname) {\n${script}\n})(require, __frameworkModule.filename, __frameworkModule.filename.replace(/[\\\\/][^\\\\/]*$/, ''));\n`
  );
}
