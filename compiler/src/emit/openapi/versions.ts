import type { RouteModel } from '../../analyze/model.js';
import type { JsonValue } from '../../ir/api.js';
import type { VersioningIR } from '../../ir/index.js';

/** Where one route appears in the OpenAPI document: its path, and the version it is there for. */
export interface Placement {
  readonly path: string;
  /** The version this placement serves under URI versioning (its operation id then ends in `_v<version>` when the route has several). */
  readonly version?: string;
  /** Added to the operation id to keep several placements of one route apart. */
  readonly idSuffix: string;
}

/**
 * The paths a route has in the document under the application's `versioning` option (read from
 * the sources when it is static): one per version under URI versioning (`/v2/items`), with the
 * route's own path for a neutral one; the route's path otherwise.
 *
 * @example
 * placementsOf(listRoute, { type: 'uri' }) // versions ['1', '2']: [{ path: '/v1/items', … }, { path: '/v2/items', … }]
 */
export function placementsOf(route: RouteModel, versioning: VersioningIR | undefined): Placement[] {
  if (versioning?.type !== 'uri') return [{ path: route.path, idSuffix: '' }];
  const versions = route.versions?.values ?? (versioning.defaultVersion !== undefined ? [versioning.defaultVersion] : []);
  const neutral = route.versions?.neutral === true || versions.length === 0;
  const prefix = versioning.prefix ?? 'v';
  const rest = route.path === '/' ? '' : route.path;
  const several = versions.length + (neutral ? 1 : 0) > 1;
  return [
    ...versions.map((version) => ({ path: `/${prefix}${version}${rest}`, version, idSuffix: several ? `_v${version.replace(/[^A-Za-z0-9]/g, '_')}` : '' })),
    ...(neutral ? [{ path: route.path, idSuffix: '' }] : []),
  ];
}

/**
 * What an operation says of its versions: `x-api-versions` (the versions, `neutral` among them for
 * a neutral route) and, under header or media-type versioning, the header that names the version.
 *
 * @example
 * versionFields(listV2Route, { type: 'header' }) // { 'x-api-versions': ['2'], versionParameter: { name: 'X-API-Version', in: 'header', … } }
 */
export function versionFields(route: RouteModel, versioning: VersioningIR | undefined): { extension: Record<string, JsonValue>; parameter?: JsonValue } {
  const versions = route.versions ?? (versioning?.defaultVersion !== undefined ? { values: [versioning.defaultVersion] } : undefined);
  if (!versions) return { extension: {} };
  const listed = [...versions.values, ...(versions.neutral ? ['neutral'] : [])];
  const extension = { 'x-api-versions': listed };
  if (versioning?.type === 'header' && versions.values.length > 0) {
    const name = versioning.header ?? 'X-API-Version';
    return { extension, parameter: { name, in: 'header', required: !versions.neutral && versioning.defaultVersion === undefined, schema: { type: 'string', enum: [...versions.values] } } };
  }
  if (versioning?.type === 'media-type' && versions.values.length > 0) {
    const key = versioning.key ?? 'v=';
    return { extension, parameter: { name: 'Accept', in: 'header', required: false, description: `The version as a media-type parameter: application/json;${key}${versions.values[0]}.`, schema: { type: 'string' } } };
  }
  return { extension };
}
