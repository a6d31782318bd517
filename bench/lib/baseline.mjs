// The `framework-baseline` peer: our bench app, as built now, running on the runtime of another
// commit (by default the one this branch started from). Measured beside `framework` in one run, it
// shows what a change to the runtime costs: "free when off" is every row of `framework` (no
// OpenTelemetry SDK, no request log) within 2% of this one. The commit is named with --baseline;
// --baseline-patch applies a patch to its runtime first (baselines/no-instrumentation.patch takes the
// observation hooks out of the runtime, so the same commit can be measured with and without them).
// Measure both start orders (`--both-orders` of cpu-per-request.mjs): in a run of
// every HTTP row the server started first cost 10–20% less, the same runtime on both sides too.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';

const bench = new URL('..', import.meta.url).pathname;
const root = new URL('../..', import.meta.url).pathname;
const out = bench + '.tmp/baseline/';

/** The commit the baseline runtime comes from (`--baseline <ref>`, required with that peer). */
export function baselineCommit(ref) {
  if (!ref) throw new Error('the framework-baseline peer measures the runtime of another commit: name it with --baseline <commit or branch>');
  return execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
}

/**
 * Builds `.tmp/baseline/`: the runtime packages (@framework/core, @framework/grpc) of `commit`,
 * compiled and bundled as `npm run build:framework` does (after `patch`, a file of `git diff`, when
 * given), and a copy of the bench app's build
 * (`apps/framework/dist`, built by `buildFramework` first) that resolves them. Their own
 * dependencies (hono, grpc-js…) resolve from the repository's node_modules.
 */
export function buildBaseline(commit, log, patch, wholeApp = false) {
  if (wholeApp) return buildWholeBaseline(commit, log);
  log(`building the baseline runtime of ${commit.slice(0, 12)}${patch ? ` with ${patch} applied` : ''}`);
  rmSync(out, { recursive: true, force: true });
  const source = out + 'source/';
  mkdirSync(source, { recursive: true });
  // The packages and what their builds read, as they were at that commit.
  execFileSync('sh', ['-c', `git archive ${commit} runtime/core runtime/grpc tsconfig.base.json scripts | tar -x -C ${source}`], { cwd: root });
  if (patch) execFileSync('patch', ['-p1', '--quiet', '-d', source, '-i', resolve(patch)], { stdio: 'inherit' });
  // Dependencies installed for the core package alone (pino) resolve as they do in the repository.
  if (existsSync(root + 'runtime/core/node_modules')) symlinkSync(root + 'runtime/core/node_modules', source + 'runtime/core/node_modules');
  const tsc = root + 'node_modules/typescript/bin/tsc';
  // @framework/grpc's build resolves @framework/core's types: those of the baseline.
  mkdirSync(source + 'node_modules/@framework', { recursive: true });
  symlinkSync(source + 'runtime/core', source + 'node_modules/@framework/core');
  execFileSync(process.execPath, [tsc, '-b', source + 'runtime/core', source + 'runtime/grpc'], { cwd: source, stdio: 'inherit' });
  // The packages whose exports point into a bundle at that commit (@framework/grpc only lately).
  const bundled = ['runtime/core', 'runtime/grpc'].filter((dir) => JSON.parse(readFileSync(source + dir + '/package.json', 'utf8')).exports['.'].default.startsWith('./dist/bundle/'));
  // A bundle script that takes its unwrapping from the compiler's build (lately) needs the compiler of that commit built.
  if (existsSync(source + 'scripts/bundle-names.mjs') && readFileSync(source + 'scripts/bundle-names.mjs', 'utf8').includes('../compiler/dist/')) {
    execFileSync('sh', ['-c', `git archive ${commit} compiler | tar -x -C ${source}`], { cwd: root });
    execFileSync(process.execPath, [tsc, '-b', source + 'compiler'], { cwd: source, stdio: 'inherit' });
  }
  execFileSync(process.execPath, [source + 'scripts/bundle-runtime.mjs', ...bundled.map((dir) => source + dir)], { cwd: source, stdio: 'inherit' });
  // The app resolves @framework/* from .tmp/baseline/node_modules, everything else further up.
  mkdirSync(out + 'node_modules/@framework', { recursive: true });
  symlinkSync(source + 'runtime/core', out + 'node_modules/@framework/core');
  symlinkSync(source + 'runtime/grpc', out + 'node_modules/@framework/grpc');
  cpSync(bench + 'apps/framework/dist', out + 'app/dist', { recursive: true });
}

/**
 * `--baseline-app`: the bench app of `commit` too, built there by that commit's compiler and
 * runtime, for a commit whose runtime cannot run today's app (a decorator it lacks). Measures the
 * whole framework then against now, not the runtime alone. The commit's tree is checked out into
 * `.tmp/baseline/tree` with the repository's dependencies linked in.
 */
function buildWholeBaseline(commit, log) {
  log(`building the framework and bench app of ${commit.slice(0, 12)}`);
  rmSync(out, { recursive: true, force: true });
  const tree = out + 'tree/';
  mkdirSync(tree, { recursive: true });
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${tree}`], { cwd: root });
  for (const dir of ['', 'runtime/core/', 'runtime/grpc/', 'bench/peers/']) {
    if (existsSync(root + dir + 'node_modules') && existsSync(tree + dir)) symlinkSync(root + dir + 'node_modules', tree + dir + 'node_modules');
  }
  execFileSync('npm', ['run', 'build:framework'], { cwd: tree, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(process.execPath, ['-e', "import('./bench/lib/setup.mjs').then((m) => m.buildFramework())"], { cwd: tree, stdio: 'inherit' });
  mkdirSync(out + 'node_modules/@framework', { recursive: true });
  symlinkSync(tree + 'runtime/core', out + 'node_modules/@framework/core');
  symlinkSync(tree + 'runtime/grpc', out + 'node_modules/@framework/grpc');
  cpSync(tree + 'bench/apps/framework/dist', out + 'app/dist', { recursive: true });
}
