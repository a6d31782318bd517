import { createHash } from 'node:crypto';
import path from 'node:path';
import type { SourceFile } from 'ts-morph';
import type { ProtoInput } from '../proto/types.js';
import { toPosix } from '../files/file-paths.js';

/**
 * The sha256 (hex) over the inputs the tables were built from: every source file under `srcDir`
 * (`.ts`, `.tsx`, `.mts`, `.cts`, as loaded by `load.ts`) and
 * every `.proto` file the gRPC controllers load (imports included), sorted by posix path relative to
 * `srcDir`; for each, that path, a NUL byte, then the file's content. Relative paths keep the hash
 * the same wherever the repository is checked out.
 *
 * @example
 * manifest('/r/examples/todo/src', files, protoInputs(protos)) // 'f3a9…'
 */
export function manifest(srcDir: string, files: readonly SourceFile[], protos: readonly ProtoInput[] = []): string {
  const entries = [
    ...files.map((sf) => ({ rel: toPosix(path.relative(srcDir, sf.getFilePath())), text: sf.getFullText() })),
    ...protos.map((p) => ({ rel: toPosix(path.relative(srcDir, p.file)), text: p.text })),
  ].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const hash = createHash('sha256');
  for (const entry of entries) {
    hash.update(entry.rel);
    hash.update('\0');
    hash.update(entry.text);
  }
  return hash.digest('hex');
}
