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
