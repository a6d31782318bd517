import fs from 'node:fs';
import path from 'node:path';
import { toPosix } from '../files/file-paths.js';

/** Options read from `"frameworkBuild"` in the application's package.json. */
export interface ProjectSettings {
  /** Report RPCs that no method binds (FW1406) as warnings instead of errors. */
  readonly allowUnboundRpc?: boolean;
  /** `false` to write no `openapi.json`; else its `title`, `version`, `description` and `servers`. */
  readonly openapi?: false | { readonly title?: string; readonly version?: string; readonly description?: string; readonly servers?: readonly string[] };
  /** Also write the typed client `client.ts`. */
  readonly client?: boolean;
  /** The package's name and version (the document's default title and version). */
  readonly packageName?: string;
  readonly packageVersion?: string;
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
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { frameworkBuild?: unknown; name?: unknown; version?: unknown };
    const identity = {
      ...(typeof manifest.name === 'string' ? { packageName: manifest.name } : {}),
      ...(typeof manifest.version === 'string' ? { packageVersion: manifest.version } : {}),
    };
    const section = manifest.frameworkBuild;
    if (typeof section !== 'object' || section === null) return identity;
    const { allowUnboundRpc: allow, openapi, client } = section as { allowUnboundRpc?: unknown; openapi?: unknown; client?: unknown };
    return {
      ...identity,
      ...(typeof allow === 'boolean' ? { allowUnboundRpc: allow } : {}),
      ...(typeof client === 'boolean' ? { client } : {}),
      ...(openapi === false ? { openapi: false as const } : typeof openapi === 'object' && openapi !== null ? { openapi: openApiSettings(openapi as Record<string, unknown>) } : {}),
    };
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

function openApiSettings(section: Record<string, unknown>): NonNullable<Exclude<ProjectSettings['openapi'], false>> {
  const text = (key: string): Record<string, string> => (typeof section[key] === 'string' ? { [key]: section[key] as string } : {});
  const servers = Array.isArray(section.servers) ? section.servers.filter((s): s is string => typeof s === 'string') : undefined;
  return { ...text('title'), ...text('version'), ...text('description'), ...(servers ? { servers } : {}) };
}
