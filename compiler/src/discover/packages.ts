import fs from 'node:fs';
import path from 'node:path';

/** Package names the framework's decorators and tokens are declared in. */
export const FRAMEWORK_PACKAGES: ReadonlySet<string> = new Set(['@framework/core', '@framework/grpc']);

// Per directory: the `name` of the nearest package.json that has one. Shared by every build (watch
// mode included) since package names do not change while the compiler runs.
const byDir = new Map<string, string | undefined>();

/**
 * The name of the package a file belongs to: the nearest enclosing package.json with a `name`
 * (nested package.json files without one, like `{ "type": "module" }`, are skipped).
 *
 * @example
 * packageNameOf('/r/runtime/core/dist/decorators/http.d.ts') // '@framework/core'
 */
export function packageNameOf(file: string): string | undefined {
  const visited: string[] = [];
  let dir = path.dirname(file);
  let found: string | undefined;
  for (;;) {
    if (byDir.has(dir)) {
      found = byDir.get(dir);
      break;
    }
    visited.push(dir);
    const name = readName(path.join(dir, 'package.json'));
    if (name !== undefined) {
      found = name;
      break;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const d of visited) byDir.set(d, found);
  return found;
}

function readName(file: string): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  try {
    const json: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    const name = (json as { name?: unknown }).name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    // A broken package.json names no package; keep walking up.
    return undefined;
  }
}

export const isFrameworkFile = (file: string): boolean => FRAMEWORK_PACKAGES.has(packageNameOf(file) ?? '');

/**
 * The directory of the nearest package.json above `file` (named or not): where `npm start` runs,
 * so what a relative path means when the application is started the usual way.
 *
 * @example
 * packageRootOf('/r/examples/todo/src/todo/todo.grpc-controller.ts') // '/r/examples/todo'
 */
export function packageRootOf(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.dirname(file);
  }
}
