import type { HttpRouteEntry } from '../../contract/tables.js';

/**
 * The application option `versioning`: how a request names the API version its routes
 * (`@Version`, `@Controller({ version })`) answer. Only `'uri'` is served so far: the version is a
 * path prefix (`/v2/todo`). Routes without a version take `defaultVersion`, else stay unprefixed.
 *
 * @example
 * new FrameworkApplication(tables, { versioning: { type: 'uri', defaultVersion: '1' } });
 */
export interface VersioningOptions {
  readonly type: 'uri' | 'header' | 'media-type';
  /** The path segment before the version under URI versioning (default `'v'`: `/v2/…`); `''` for `/2/…`. */
  readonly prefix?: string;
  /** The header naming the version under header versioning. */
  readonly header?: string;
  /** The `Accept` parameter naming the version under media-type versioning (`'v='`). */
  readonly key?: string;
  /** The version of routes that declare none. */
  readonly defaultVersion?: string;
}

/**
 * The route entries as the application serves them under its `versioning` option: under URI
 * versioning, one entry per version with the version's prefix on its path (`/v2/todo`), and the
 * unprefixed path for a neutral (or unversioned, without a default) route. Without the option,
 * the entries as they are. Header and media-type versioning are refused with a TypeError
 * naming the supported type.
 *
 * @example
 * versionedEntries([{ ...entry, path: '/todo', versions: ['1', '2'] }], { type: 'uri' }).map((e) => e.path); // ['/v1/todo', '/v2/todo']
 */
export function versionedEntries(entries: readonly HttpRouteEntry[], versioning: VersioningOptions | undefined): readonly HttpRouteEntry[] {
  if (!versioning) return entries;
  if (versioning.type !== 'uri') {
    throw new TypeError(
      `FrameworkApplication: versioning type '${String(versioning.type)}' is not served yet; use { type: 'uri' } (a /v2/… path prefix). See docs/limits.md.`,
    );
  }
  const prefix = versioning.prefix ?? 'v';
  return entries.flatMap((entry) => {
    const versions = entry.versions ?? (versioning.defaultVersion !== undefined ? [versioning.defaultVersion] : []);
    const neutral = entry.versionNeutral === true || versions.length === 0;
    const rest = entry.path === '/' ? '' : entry.path;
    return [...versions.map((version) => ({ ...entry, path: `/${prefix}${version}${rest}` })), ...(neutral ? [entry] : [])];
  });
}
