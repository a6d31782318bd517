import type { HttpRouteEntry } from '../../contract/tables.js';

/**
 * The application option `versioning`: how a request names the API version its routes
 * (`@Version`, `@Controller({ version })`) answer: a path prefix (`'uri'`: `/v2/todo`), a header
 * (`'header'`: `X-API-Version: 2` by default), or a parameter of `Accept` (`'media-type'`:
 * `Accept: application/json;v=2`). Routes without a version take `defaultVersion`, else answer
 * every version (and, under URI versioning, keep their paths); a request naming no version asks
 * for `defaultVersion`.
 *
 * @example
 * new FrameworkApplication(tables, { versioning: { type: 'uri', defaultVersion: '1' } });
 */
export interface VersioningOptions {
  readonly type: 'uri' | 'header' | 'media-type';
  /** The path segment before the version under URI versioning (default `'v'`: `/v2/…`); `''` for `/2/…`. */
  readonly prefix?: string;
  /** The header naming the version under header versioning (default `X-API-Version`). */
  readonly header?: string;
  /** The `Accept` parameter naming the version under media-type versioning (default `'v='`). */
  readonly key?: string;
  /** The version of routes that declare none. */
  readonly defaultVersion?: string;
}

/**
 * The route entries as the application serves them under its `versioning` option: under URI
 * versioning, one entry per version with the version's prefix on its path (`/v2/todo`), and the
 * unprefixed path for a neutral (or unversioned, without a default) route. Without the option,
 * or under header and media-type versioning (where routes of one path are told apart per
 * request, `version-rule.ts`), the entries as they are. An unknown type is a TypeError.
 *
 * @example
 * versionedEntries([{ ...entry, path: '/todo', versions: ['1', '2'] }], { type: 'uri' }).map((e) => e.path); // ['/v1/todo', '/v2/todo']
 */
export function versionedEntries(entries: readonly HttpRouteEntry[], versioning: VersioningOptions | undefined): readonly HttpRouteEntry[] {
  if (!versioning || versioning.type === 'header' || versioning.type === 'media-type') return entries;
  if (versioning.type !== 'uri') {
    throw new TypeError(`FrameworkApplication: versioning.type must be 'uri', 'header' or 'media-type'; got ${JSON.stringify(versioning.type)}.`);
  }
  const prefix = versioning.prefix ?? 'v';
  return entries.flatMap((entry) => {
    const versions = entry.versions ?? (versioning.defaultVersion !== undefined ? [versioning.defaultVersion] : []);
    const neutral = entry.versionNeutral === true || versions.length === 0;
    const rest = entry.path === '/' ? '' : entry.path;
    return [...versions.map((version) => ({ ...entry, path: `/${prefix}${version}${rest}` })), ...(neutral ? [entry] : [])];
  });
}
