import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bundleScript } from './script-bundle.js';
import { snapshotEntropyGuard } from './snapshot-entropy.js';

export interface SnapshotOptions {
  /** The module that starts the app (`src/main-http.ts`); it exports nothing. */
  readonly entry: string;
  /** The directory written; default `dist/snapshot`. */
  readonly outDir?: string;
  readonly minify?: boolean;
  /** Base of relative paths; default `process.cwd()`. */
  readonly cwd?: string;
  /** The Node binary that builds the blob and must run it; default the one running this. */
  readonly node?: string;
}

export interface SnapshotResult {
  /** `<outDir>/<entry name>.blob`: run with `node --snapshot-blob <blob>`. */
  readonly blob: string;
  /** `<outDir>/<entry name>.cjs`: the script the blob was built from (it also runs alone: `node <script>`). */
  readonly script: string;
  readonly blobBytes: number;
  /** The packages imported on demand, bundled into `<outDir>/lazy/`. */
  readonly lazy: readonly string[];
  /** What Node said while building (built-in modules it has not verified in snapshots). */
  readonly warnings: readonly string[];
}

/**
 * Bundles an HTTP application into a V8 startup snapshot for Node (`--build-snapshot`): the
 * runtime, the tables, the application's modules and their libraries are loaded, compiled and
 * evaluated once, at build time; a start deserialises the heap and runs the entry's own statements
 * (configuration, `init`, `listen`) — those run at start, so the blob holds no configuration.
 * The blob is tied to the Node binary that built it (Node refuses another one).
 *
 * @example
 * const { blob } = await bundleSnapshot({ entry: 'src/main-http.ts', outDir: 'dist/snapshot' });
 * // node --snapshot-blob dist/snapshot/main-http.blob
 * @throws {Error} when the entry exports a value, when the bundle carries gRPC, or when Node cannot build the blob (its message)
 */
export async function bundleSnapshot(options: SnapshotOptions): Promise<SnapshotResult> {
  const cwd = options.cwd ?? process.cwd();
  const outDir = path.resolve(cwd, options.outDir ?? 'dist/snapshot');
  const name = path.basename(options.entry).replace(/\.[cm]?[jt]sx?$/, '');
  const script = path.join(outDir, `${name}.cjs`);
  const blob = path.join(outDir, `${name}.blob`);
  const { text, lazy } = await bundleScript({ entry: options.entry, outDir, minify: options.minify ?? false, cwd, option: '--snapshot', start: 'snapshot', prelude: snapshotEntropyGuard() });
  fs.writeFileSync(script, text);
  const warnings = buildBlob(options.node ?? process.execPath, script, blob);
  return { blob, script, blobBytes: fs.statSync(blob).size, lazy, warnings };
}

/** `node --snapshot-blob <blob> --build-snapshot <script>`; its warnings returned, its failure thrown. */
function buildBlob(node: string, script: string, blob: string): string[] {
  fs.rmSync(blob, { force: true });
  const built = spawnSync(node, ['--snapshot-blob', blob, '--build-snapshot', script], { cwd: path.dirname(script), encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (built.status !== 0 || !fs.existsSync(blob)) {
    throw new Error(`Node could not build the snapshot (${node} --build-snapshot ${path.basename(script)}, exit ${built.status}):\n${(built.stderr || built.stdout).trim()}`);
  }
  return built.stderr.split('\n').filter((line) => /Warning:/.test(line));
}
