import fs from 'node:fs';
import path from 'node:path';
import { toPosix } from './paths.js';

/** Options read from `"frameworkBuild"` in the application's package.json. */
export interface ProjectSettings {
  /** Report RPCs that no method binds (FW1406) as warnings instead of errors. */
  readonly allowUnboundRpc?: boolean;
}

/**
 * The `"frameworkBuild"` settings of the nearest package.json above `srcDir` (`{}` when there is
 * none, or it is unreadable). Command-line flags win over them.
 *
 * @example
 * // examples/todo/package.json: { "frameworkBuild": { "allowUnboundRpc": true } }
 * readSettings('/r/examples/todo/src') // { allowUnboundRpc: true }
 */
export function readSettings(srcDir: string): ProjectSettings {
  const file = nearestPackageJson(srcDir);
  if (!file) return {};
  try {
    const section = (JSON.parse(fs.readFileSync(file, 'utf8')) as { frameworkBuild?: unknown }).frameworkBuild;
    if (typeof section !== 'object' || section === null) return {};
    const allow = (section as { allowUnboundRpc?: unknown }).allowUnboundRpc;
    return typeof allow === 'boolean' ? { allowUnboundRpc: allow } : {};
  } catch {
    return {};
  }
}

/**
 * The package.json nearest above `dir` (posix), or undefined.
 *
 * @example
 * nearestPackageJson('/r/examples/todo/src') // '/r/examples/todo/package.json'
 */
export function nearestPackageJson(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const file = path.join(current, 'package.json');
    if (fs.existsSync(file)) return toPosix(file);
    if (path.dirname(current) === current) return undefined;
  }
}
