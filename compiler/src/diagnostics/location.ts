import path from 'node:path';
import type { ValueRef } from '../ir/index.js';
import { toPosix } from '../files/file-paths.js';

/**
 * Locations as the compiler writes them, relative to the source directory so that messages and
 * generated `source` fields do not depend on where the checkout lives. Shared by every pass and
 * the command line (discover, analyze, emit, `--explain`).
 */

/**
 * A file relative to the source directory, posix.
 *
 * @example
 * relativeFile('/r/src', '/r/src/todo/todo.proto') // 'todo/todo.proto'
 */
export const relativeFile = (srcDir: string, file: string): string => toPosix(path.relative(srcDir, file));

/**
 * `file:line:col` relative to the source directory, as in generated `source` fields and messages.
 *
 * @example
 * where('/r/src', { file: '/r/src/app.module.ts', line: 4, column: 1 }) // 'app.module.ts:4:1'
 */
export function where(srcDir: string, at: { file: string; line: number; column: number }): string {
  return `${relativeFile(srcDir, at.file)}:${at.line}:${at.column}`;
}

/**
 * `file:line:col` relative to srcDir for user code; `package#Name` for classes of packages.
 *
 * @example
 * sourceOf(provider.cls, provider.location, srcDir) // 'todo/todo.service.ts:14:1' or '@framework/core#JwtService'
 */
export function sourceOf(ref: ValueRef | undefined, location: { file: string; line: number; column: number }, srcDir: string): string {
  if (ref?.from.kind === 'package') return `${ref.from.specifier}#${ref.exportName}`;
  return where(srcDir, location);
}
