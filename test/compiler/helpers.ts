/**
 * Shared helpers of the compiler suites: build a fixture under test/compiler/fixtures/<name>/src
 * through the programmatic API, and reduce diagnostics to what golden tests compare.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type BuildResult, type Diagnostic } from '../../compiler/src/index.js';

/** The repository root (tests run from there). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Scratch space, ignored by git. */
export const TMP = path.join(ROOT, 'test/.tmp/compiler');

export const fixtureSrc = (name: string): string => `test/compiler/fixtures/${name}/src`;

/** Builds a fixture without writing anything. */
export function compileFixture(name: string, extra: Partial<BuildOptions> = {}): Promise<BuildResult> {
  return build({ srcDir: fixtureSrc(name), outDir: `test/.tmp/compiler/${name}`, cwd: ROOT, ...extra });
}

/** The fields a diagnostic golden test asserts, with the file relative to the repository root. */
export function golden(d: Diagnostic): { code: string; severity: string; file: string; line: number; column: number; message: string } {
  return { code: d.code, severity: d.severity, file: path.relative(ROOT, d.file), line: d.line, column: d.column, message: d.message };
}

/** Runs `framework-build` (from source, through tsx) in the repository root, or in `cwd`. */
export function cli(args: readonly string[], cwd = ROOT): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'compiler/src/cli.ts'), ...args], { cwd, encoding: 'utf8' });
}
