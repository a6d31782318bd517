import fs from 'node:fs';

/**
 * The framework's version: the `version` of the compiler's own package.json (one version for the
 * whole framework), whether running from `dist/` or from `src/`. yargs would otherwise print the
 * version of the package.json nearest to the working directory: the application's.
 *
 * @example
 * frameworkVersion() // '2.11.0'
 */
export function frameworkVersion(): string {
  const manifest = new URL('../../package.json', import.meta.url);
  try {
    const version = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}
