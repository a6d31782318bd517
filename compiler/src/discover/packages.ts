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

/**
 * How generated code imports a declaration of a package file: the package name, or the subpath
 * export whose entry point is the `index.d.ts` of a folder holding the file
 * (`runtime/core/dist/config/config.service.d.ts` → `@framework/core/config`), since a subpath's
 * declarations are not re-exported by the package's main entry.
 *
 * @example
 * packageSpecifierOf('/r/node_modules/@framework/core/dist/config/config.service.d.ts') // '@framework/core/config'
 */
export function packageSpecifierOf(file: string): string | undefined {
  const name = packageNameOf(file);
  if (name === undefined) return undefined;
  const root = namedPackageRoot(file);
  const exports = root ? readExports(path.join(root, 'package.json')) : undefined;
  let best: { specifier: string; depth: number } | undefined;
  for (const [subpath, target] of Object.entries(exports ?? {})) {
    const types = typeof target === 'object' && target !== null ? (target as { types?: unknown }).types : undefined;
    if (subpath === '.' || typeof types !== 'string' || path.basename(types) !== 'index.d.ts') continue;
    const dir = path.join(root!, path.dirname(types));
    if (!file.startsWith(dir + path.sep) && !file.startsWith(dir + '/')) continue;
    const depth = dir.split(/[\\/]/).length;
    if (!best || depth > best.depth) best = { specifier: `${name}/${subpath.replace(/^\.\//, '')}`, depth };
  }
  return best?.specifier ?? name;
}

function namedPackageRoot(file: string): string | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (readName(path.join(dir, 'package.json')) !== undefined) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readExports(file: string): Record<string, unknown> | undefined {
  try {
    const exports = (JSON.parse(fs.readFileSync(file, 'utf8')) as { exports?: unknown }).exports;
    return typeof exports === 'object' && exports !== null ? (exports as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
