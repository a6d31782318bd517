// Shared by the adoption suites: the framework packed as tarballs (once per `npm test`), an app
// generated from the packed generator into a temporary folder outside the repository, and npm run
// there as a user would.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Runs a command, failing with its output when it exits non-zero or outlives `timeoutMs`. */
export function run(command: string, args: readonly string[], cwd: string, timeoutMs = 180_000, env: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false', ...env },
  });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) ${result.error ? `failed: ${result.error.message}` : `exited with ${result.status ?? result.signal}`}:\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

/** `npm <args>` in `cwd`. */
export const npm = (args: readonly string[], cwd: string, timeoutMs?: number): SpawnSyncReturns<string> => run(NPM, args, cwd, timeoutMs);

/** A fresh folder under the OS's temporary directory, outside the repository. */
export function scratch(prefix: string): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `framework-${prefix}-`)));
  if (dir.startsWith(ROOT)) throw new Error(`the temporary directory ${dir} lies inside the repository`);
  return dir;
}

/**
 * The folder holding every package's tarball: `FRAMEWORK_PACKAGES` when the test command packed
 * them once for all suites (test/run.mjs), else packed now into a scratch folder.
 */
export function packedFramework(): { dir: string; dispose(): void } {
  const shared = process.env.FRAMEWORK_PACKAGES;
  if (shared && fs.existsSync(shared)) return { dir: shared, dispose: () => undefined };
  const dir = scratch('packages');
  run(process.execPath, ['scripts/pack.mjs', '--out', dir], ROOT);
  return { dir, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Generates an app with the *packed* generator, run as the README says until the first release
 * (`npx --package=<tarball> create-framework-app`), into `<parent>/<name>`, depending on the packed
 * framework (`--packages`), and installs it.
 */
export function generateApp(packages: string, parent: string, name: string, flags: readonly string[] = []): string {
  const tarball = fs.readdirSync(packages).find((f) => f.startsWith('create-framework-app-') && f.endsWith('.tgz'));
  if (!tarball) throw new Error(`no create-framework-app tarball in ${packages}`);
  // `yes`: the answer a user types when npx asks to install the generator.
  run(NPX, [`--package=${path.join(packages, tarball)}`, 'create-framework-app', name, '--packages', packages, ...flags], parent, 180_000, { npm_config_yes: 'true' });
  const dir = path.join(parent, name);
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
  return dir;
}

/** Replaces a file by writing a temporary file and renaming it over the original (vim, JetBrains' safe write). */
export function atomicSave(file: string, text: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

/**
 * The "pass N" and "fail N" counts of a `node --test` run, whichever reporter printed them (TAP's
 * `# pass 5` where stdout is no terminal on Node 20, the spec reporter's `ℹ pass 5` on Node 22+).
 */
export function nodeTestCounts(output: string): { pass: number; fail: number } {
  const count = (name: string): number => Number(new RegExp(`^[#ℹ] ${name} (\\d+)$`, 'm').exec(output)?.[1] ?? Number.NaN);
  return { pass: count('pass'), fail: count('fail') };
}
