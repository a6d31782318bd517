import fs from 'node:fs';
import path from 'node:path';
import type { OutputFile } from '../files/output-file.js';

export type { OutputFile };


/** Why a file on disk does not match what would be emitted. */
export interface StaleFile {
  readonly path: string;
  readonly reason: 'missing' | 'stale';
}

/**
 * What a build did to the output on disk: written it, or with `--check` found the files that
 * differ from what it would write (nothing is written then).
 */
export type OutputOutcome = { readonly check: false } | { readonly check: true; readonly stale: readonly StaleFile[] };

/**
 * The one place a build's output meets the disk: writes the files, or with `check` only compares
 * them with what is there. A failed build has no files, so it writes and compares nothing.
 * Throws when a file cannot be written or read.
 *
 * @example
 * settleOutput(result.files, false) // { check: false }: the files are written
 * settleOutput(result.files, true) // { check: true, stale: [] }
 */
export function settleOutput(files: readonly OutputFile[], check: boolean): OutputOutcome {
  if (check) return { check: true, stale: staleFiles(files) };
  writeFiles(files);
  return { check: false };
}

/**
 * Writes the files, creating directories; files whose content is already identical are left alone
 * (so watchers and incremental builds downstream do not fire for nothing).
 *
 * @example
 * writeFiles(result.files);
 */
export function writeFiles(files: readonly OutputFile[]): void {
  for (const file of files) {
    if (fs.existsSync(file.path) && fs.readFileSync(file.path, 'utf8') === file.text) continue;
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    fs.writeFileSync(file.path, file.text);
  }
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
