import type { HttpRouteEntry } from '../../contract/tables.js';
import type { VersioningOptions } from './versioned-entries.js';

/** The header `{ type: 'header' }` reads when the option names none. */
export const DEFAULT_VERSION_HEADER = 'x-api-version';
/** The `Accept` parameter `{ type: 'media-type' }` reads when the option names none (`application/json;v=2`). */
export const DEFAULT_VERSION_KEY = 'v=';

/**
 * How one route takes part in header or media-type versioning, prepared at init: the versions it
 * answers, whether it is neutral, and how a request's header names the version it asks for.
 */
export interface VersionRule {
  readonly versions: readonly string[];
  /** `VERSION_NEUTRAL`, or no version and no `defaultVersion`: answers any version, and none. */
  readonly neutral: boolean;
  /** The request header the version is read from, lower-case. */
  readonly header: string;
  /** The version a value of that header names; `undefined` when it names none. */
  readonly read: (value: string) => string | undefined;
  readonly defaultVersion?: string;
}

/** The value of a media-type parameter `key` (`v=`) in an `Accept` header, from any of its ranges. */
function mediaTypeVersion(key: string): (accept: string) => string | undefined {
  const wanted = key.toLowerCase();
  return (accept) => {
    for (const range of accept.split(',')) {
      for (const parameter of range.split(';').slice(1)) {
        const text = parameter.trim();
        if (text.toLowerCase().startsWith(wanted)) return text.slice(wanted.length).replace(/^"(.*)"$/, '$1') || undefined;
      }
    }
    return undefined;
  };
}

const headerVersion = (value: string): string | undefined => value.trim() || undefined;

/**
 * The rule of one route under header or media-type versioning; `undefined` under URI versioning
 * or none (the path tells versions apart there).
 *
 * @example
 * versionRuleOf({ ...entry, versions: ['2'] }, { type: 'header', header: 'X-API-Version' }); // { versions: ['2'], neutral: false, header: 'x-api-version', … }
 */
export function versionRuleOf(entry: HttpRouteEntry, versioning: VersioningOptions | undefined): VersionRule | undefined {
  if (!versioning || versioning.type === 'uri') return undefined;
  const versions = entry.versions ?? (versioning.defaultVersion !== undefined ? [versioning.defaultVersion] : []);
  const header = versioning.type === 'header' ? (versioning.header ?? DEFAULT_VERSION_HEADER).toLowerCase() : 'accept';
  return {
    versions,
    neutral: entry.versionNeutral === true || versions.length === 0,
    header,
    read: versioning.type === 'header' ? headerVersion : mediaTypeVersion(versioning.key ?? DEFAULT_VERSION_KEY),
    ...(versioning.defaultVersion !== undefined ? { defaultVersion: versioning.defaultVersion } : {}),
  };
}

/**
 * Which of the routes sharing a method and path answers a request, from the version its header
 * names (else the default version): the route of that version, else a neutral one, else none
 * (the request is then a 404). Linear in the candidates, which are a handful.
 *
 * @example
 * pickByVersion([{ rule: v1, handler: a }, { rule: v2, handler: b }], '2'); // b
 */
export function pickByVersion<H>(candidates: readonly { readonly rule: VersionRule; readonly handler: H }[], headerValue: string | undefined): H | undefined {
  const first = candidates[0];
  if (!first) return undefined;
  const wanted = (headerValue === undefined ? undefined : first.rule.read(headerValue)) ?? first.rule.defaultVersion;
  if (wanted !== undefined) {
    for (const candidate of candidates) if (candidate.rule.versions.includes(wanted)) return candidate.handler;
  }
  for (const candidate of candidates) if (candidate.rule.neutral) return candidate.handler;
  return undefined;
}

/**
 * The handlers of a route list, those of header or media-type versioned routes that share a
 * method and path merged into one that picks by version (`pickByVersion`), and answers
 * `unmatched` when no version fits. Each adapter registers what this returns instead of its routes'
 * own handlers; `headerOf` reads a request header from the adapter's arguments.
 *
 * @example
 * for (const { route, handler } of byVersion(pairs, (name, c) => c.req.header(name), notFound)) app.on(route.entry.method, route.entry.path, handler);
 */
export function byVersion<R extends { readonly entry: HttpRouteEntry; readonly versionRule?: VersionRule }, H extends (...args: never[]) => unknown>(
  pairs: readonly { readonly route: R; readonly handler: H }[],
  headerOf: (name: string, ...args: Parameters<H>) => string | undefined,
  unmatched: H,
): { route: R; handler: H }[] {
  const out: { route: R; handler: H; candidates?: { rule: VersionRule; handler: H }[] }[] = [];
  const groups = new Map<string, { rule: VersionRule; handler: H }[]>();
  for (const pair of pairs) {
    const rule = pair.route.versionRule;
    if (!rule) {
      out.push(pair);
      continue;
    }
    const key = `${pair.route.entry.method} ${pair.route.entry.path}`;
    const group = groups.get(key);
    if (group) {
      group.push({ rule, handler: pair.handler });
      continue;
    }
    const candidates = [{ rule, handler: pair.handler }];
    groups.set(key, candidates);
    const header = rule.header;
    const pick = ((...args: Parameters<H>) => (pickByVersion(candidates, headerOf(header, ...args)) ?? unmatched)(...args)) as H;
    out.push({ route: pair.route, handler: pick });
  }
  return out;
}
