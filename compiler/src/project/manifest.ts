import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SourceFile } from 'ts-morph';
import { toPosix } from './paths.js';

/**
 * The sha256 (hex) over the sources the tables were built from: for each `.ts` file under `srcDir`,
 * sorted by posix path relative to `srcDir`, that path, a NUL byte, then the file's content.
 *
 * @example
 * manifest('/r/examples/todo/src', files) // 'f3a9…'
 */
export function manifest(srcDir: string, files: readonly SourceFile[]): string {
  const entries = files
    .map((sf) => ({ rel: toPosix(path.relative(srcDir, sf.getFilePath())), text: sf.getFullText() }))
    .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const hash = createHash('sha256');
  for (const entry of entries) {
    hash.update(entry.rel);
    hash.update('\0');
    hash.update(entry.text);
  }
  return hash.digest('hex');
}
