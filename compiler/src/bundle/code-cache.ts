import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { transform } from 'esbuild';
import { launcherSource, wrappedScript, WRITE_MESSAGE, WRITE_VARIABLE, WRITTEN_MESSAGE } from './code-cache-launcher.js';
import { asciiScript } from './ascii-script.js';
import { bundleScript } from './script-bundle.js';
import { lazyFileOf } from './snapshot-require.js';

export interface CodeCacheOptions {
  /** The module that starts the app (`src/main-http.ts`); it exports nothing. */
  readonly entry: string;
  /** The directory written; default `dist/bundle`. */
  readonly outDir?: string;
  readonly minify?: boolean;
  /** Base of relative paths; default `process.cwd()`. */
  readonly cwd?: string;
  /** The Node binary that makes the cache (and must run it); default the one running this. */
  readonly node?: string;
  /** The paths the warm start is asked for (GET, any answer will do); default `['/']`. */
  readonly warm?: readonly string[];
  /** How long the warm start may take to answer; default 30 s. */
  readonly timeoutMs?: number;
}

export interface CodeCacheResult {
  /** `<outDir>/<entry name>.cjs`, the launcher: run with `node <launcher>`. */
  readonly launcher: string;
  /** `<outDir>/<entry name>.script.cjs`: the application, one CommonJS script. */
  readonly script: string;
  /** `<outDir>/<entry name>.code-cache`, or undefined when the script did not even load. */
  readonly cache: string | undefined;
  readonly cacheBytes: number;
  /** Whether the warm start answered (else the cache holds what loading the modules compiled, and `warning` says why). */
  readonly warmed: boolean;
  readonly warning?: string;
  /** The packages imported on demand, bundled into `<outDir>/lazy/`. */
  readonly lazy: readonly string[];
  /** Those of them the warm start loaded: each has its code cache beside it, `lazy/<file>.code-cache`. */
  readonly lazyCached: readonly string[];
}

/**
 * Bundles an HTTP application into one CommonJS script started by a small launcher that hands V8
 * the code it compiled in a warm start of the same script (`--code-cache`): the build starts it
 * once with its own environment and `PORT` set to a free port, asks it for `warm` paths, and keeps
 * the code of every function that ran until then. Nothing of the warm start's state (configuration,
 * secrets) is in the cache: it holds compiled code only.
 *
 * @example
 * const { launcher } = await bundleCodeCache({ entry: 'src/main-http.ts', outDir: 'dist/cached', warm: ['/health'] });
 * // node dist/cached/main-http.cjs
 * @throws {Error} when the entry exports a value or the bundle carries gRPC (as `--snapshot`)
 */
export async function bundleCodeCache(options: CodeCacheOptions): Promise<CodeCacheResult> {
  const cwd = options.cwd ?? process.cwd();
  const outDir = path.resolve(cwd, options.outDir ?? 'dist/bundle');
  const name = path.basename(options.entry).replace(/\.[cm]?[jt]sx?$/, '');
  const { text, lazy } = await bundleScript({ entry: options.entry, outDir, minify: options.minify ?? false, cwd, option: '--code-cache', start: 'script' });
  const files = { launcher: `${name}.cjs`, script: `${name}.script.cjs`, cache: `${name}.code-cache` };
  const [launcher, script, cache] = [files.launcher, files.script, files.cache].map((file) => path.join(outDir, file)) as [string, string, string];
  const wrapped = wrappedScript(text);
  const compact = options.minify ? wrapped : await withoutWhitespace(wrapped);
  const ascii = asciiScript(compact);
  fs.writeFileSync(script, ascii ?? compact);
  fs.writeFileSync(launcher, launcherSource({ script: files.script, cache: files.cache, buildId: randomBytes(8).toString('hex'), ascii: ascii !== undefined }));
  fs.rmSync(cache, { force: true });
  const warm = await warmStart(options.node ?? process.execPath, launcher, cache, options.warm ?? ['/'], options.timeoutMs ?? 30_000);
  const written = fs.existsSync(cache);
  const lazyCached = lazy.filter((id) => fs.existsSync(path.join(outDir, 'lazy', `${lazyFileOf(id)}.code-cache`)));
  return { launcher, script, cache: written ? cache : undefined, cacheBytes: written ? fs.statSync(cache).size : 0, warmed: warm.ok, ...(warm.ok ? {} : { warning: warm.reason }), lazy, lazyCached };
}

/**
 * The script without its comments and indentation (esbuild's `minifyWhitespace`; names and code as
 * they were, unlike `--minify`): the example's 0.6 MB becomes 0.44 MB, read, copied into V8's heap
 * and handed to V8 with the cache at every start (about 0.4 ms of CPU less on Node 20). A stack
 * trace then points into line 1 of the script, at the function's own name.
 */
async function withoutWhitespace(text: string): Promise<string> {
  return (await transform(text, { minifyWhitespace: true, legalComments: 'none', loader: 'js', logLevel: 'silent' })).code;
}

type Warm = { ok: true } | { ok: false; reason: string };

/**
 * Starts the launcher in write mode, waits for its first answer on `PORT`, asks each warm path,
 * then has it write its cache again and stops it. A start that exits or does not answer leaves
 * the cache it wrote after loading its modules.
 */
async function warmStart(node: string, launcher: string, cache: string, paths: readonly string[], timeoutMs: number): Promise<Warm> {
  const port = await freePort();
  // NODE_OPTIONS off: V8 refuses a cache made under other flags than the start's.
  const env = { ...process.env, NODE_OPTIONS: '', PORT: String(port), [WRITE_VARIABLE]: cache };
  const child = spawn(node, [launcher], { cwd: path.dirname(launcher), env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const tail = () => output.trim().split('\n').slice(-5).join('\n');
  const started = Date.now();
  try {
    for (let answered = false; !answered; ) {
      if (child.exitCode !== null || child.signalCode !== null) return { ok: false, reason: `the warm start exited (${child.exitCode ?? child.signalCode}) before answering on PORT=${port}:\n${tail()}` };
      if (Date.now() - started > timeoutMs) return { ok: false, reason: `the warm start did not answer on PORT=${port} within ${timeoutMs / 1000} s (does the app listen on process.env.PORT?)` };
      answered = await get(port, paths[0] ?? '/');
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const warmPath of paths.slice(1)) await get(port, warmPath);
    const written = new Promise<boolean>((resolve) => {
      child.on('message', (message) => message === WRITTEN_MESSAGE && resolve(true));
      void exited.then(() => resolve(false));
    });
    child.send(WRITE_MESSAGE);
    return (await written) ? { ok: true } : { ok: false, reason: `the warm start exited before writing its cache:\n${tail()}` };
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Whether GET `warmPath` got any answer (a refused connection is none). */
async function get(port: number, warmPath: string): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${warmPath}`);
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** A port free at this moment on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
