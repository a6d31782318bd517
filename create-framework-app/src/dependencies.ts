import fs from 'node:fs';
import path from 'node:path';

/** The framework packages an app depends on, by the part of the app that needs them. */
const RUNTIME = ['@framework/core'];
const GRPC = ['@framework/grpc'];
const TOOLS = ['@framework/compiler', '@framework/testing'];

/** Versions of the other libraries an app uses directly (kept in step with the framework's own). */
const THIRD_PARTY = {
  'class-validator': '^0.15.1',
  '@grpc/grpc-js': '^1.14.7',
  '@grpc/proto-loader': '^0.8.0',
  typescript: '~5.9.3',
} as const;

/** The Node versions the framework supports (its packages' `engines`), the oldest line first. */
export const SUPPORTED_NODE = '^20.19.0 || >=22.12.0';

/**
 * What an app targets when generated under Node `version` (default: the running one): the Node
 * range of its `engines`, and the `@types/node` of that line, so the app's code type-checks
 * against the APIs of the Node it runs on. Node 20 and 22 start at the releases that load ES
 * modules with `require` (20.19, 22.12), as the framework's own range does.
 *
 * @example
 * nodeTarget('24.3.0') // { engines: '>=24', types: '^24.0.0' }
 * nodeTarget('20.20.2') // { engines: '^20.19.0 || >=22.12.0', types: '^20.19.0' }
 */
export function nodeTarget(version: string = process.versions.node): { engines: string; types: string } {
  const major = Number(version.split('.')[0]);
  if (major <= 20) return { engines: SUPPORTED_NODE, types: '^20.19.0' };
  if (major <= 22) return { engines: '>=22.12.0', types: '^22.12.0' };
  return { engines: `>=${major}`, types: `^${major}.0.0` };
}

/** `dependencies` and `devDependencies` of a generated app. */
export interface AppDependencies {
  readonly dependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
}

/**
 * The dependencies of a new app: the framework's packages at the generator's own version (one
 * version for the whole framework), or, with `packages`, the tarballs `npm run pack` wrote there
 * (`file:` specifiers, how this repository tests an app before anything is published).
 * Throws when a tarball the app needs is missing from `packages`.
 *
 * @example
 * appDependencies({ version: '2.11.0', grpc: false }).dependencies // { '@framework/core': '^2.11.0', 'class-validator': '^0.15.1' }
 */
export function appDependencies(options: { version: string; grpc: boolean; packages?: string; nodeTypes?: string }): AppDependencies {
  const spec = options.packages ? tarballsIn(options.packages) : () => `^${options.version}`;
  const framework = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, spec(name)]));
  return {
    dependencies: sorted({
      ...framework(options.grpc ? [...RUNTIME, ...GRPC] : RUNTIME),
      'class-validator': THIRD_PARTY['class-validator'],
    }),
    devDependencies: sorted({
      ...framework(TOOLS),
      '@types/node': options.nodeTypes ?? nodeTarget().types,
      typescript: THIRD_PARTY.typescript,
      // The app's own test calls the gRPC service with a real client.
      ...(options.grpc ? { '@grpc/grpc-js': THIRD_PARTY['@grpc/grpc-js'], '@grpc/proto-loader': THIRD_PARTY['@grpc/proto-loader'] } : {}),
    }),
  };
}

/** `file:` specifiers of the tarballs in `folder` (`framework-core-2.11.0.tgz` for `@framework/core`). */
function tarballsIn(folder: string): (name: string) => string {
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((f) => f.endsWith('.tgz')) : [];
  return (name) => {
    const prefix = `${name.replace(/^@/, '').replace('/', '-')}-`;
    const file = files.filter((f) => f.startsWith(prefix) && /^\d/.test(f.slice(prefix.length))).sort((x, y) => x.localeCompare(y, 'en', { numeric: true })).at(-1);
    if (!file) throw new Error(`no tarball of ${name} (${prefix}<version>.tgz) in ${folder}; run \`npm run pack\` in the framework's repository first.`);
    return `file:${path.resolve(folder, file)}`;
  };
}

const sorted = (record: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
