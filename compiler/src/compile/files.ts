import fs from 'node:fs';
import path from 'node:path';

/** A file `framework-build` produces: absolute path and full text. */
export interface OutputFile {
  readonly path: string;
  readonly text: string;
}

/** Why a file on disk does not match what would be emitted. */
export interface StaleFile {
  readonly path: string;
  readonly reason: 'missing' | 'stale';
}

/**
 * What a build did to the output on disk: the files it wrote, or with `--check` the files that
 * differ from what it would write (nothing is written then).
 */
export type OutputOutcome =
  | { readonly check: false; readonly written: readonly OutputFile[] }
  | { readonly check: true; readonly stale: readonly StaleFile[] };

/**
 * The one place a build's output meets the disk: writes the files, or with `check` only compares
 * them with what is there. A failed build has no files, so it writes and compares nothing.
 * Throws when a file cannot be written or read.
 *
 * @example
 * settleOutput(result.files, false) // { check: false, written: [{ path: '/r/generated/todo/tables.ts', text: … }] }
 * settleOutput(result.files, true) // { check: true, stale: [] }
 */
export function settleOutput(files: readonly OutputFile[], check: boolean): OutputOutcome {
  return check ? { check: true, stale: staleFiles(files) } : { check: false, written: writeFiles(files) };
}

/**
 * Writes the files, creating directories; files whose content is already identical are left alone
 * (so watchers and incremental builds downstream do not fire for nothing). Returns the files written.
 *
 * @example
 * writeFiles(result.files);
 */
export function writeFiles(files: readonly OutputFile[]): OutputFile[] {
  const written: OutputFile[] = [];
  for (const file of files) {
    if (fs.existsSync(file.path) && fs.readFileSync(file.path, 'utf8') === file.text) continue;
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    fs.writeFileSync(file.path, file.text);
    written.push(file);
  }
  return written;
}

/**
 * The files whose content on disk differs from what would be emitted (for `--check`).
 *
 * @example
 * staleFiles(result.files) // [{ path: '/r/generated/todo/tables.ts', reason: 'stale' }]
 */
export function staleFiles(files: readonly OutputFile[]): StaleFile[] {
  return files.flatMap((file): StaleFile[] => {
    if (!fs.existsSync(file.path)) return [{ path: file.path, reason: 'missing' }];
    return fs.readFileSync(file.path, 'utf8') === file.text ? [] : [{ path: file.path, reason: 'stale' }];
  });
}
