import { claimsOf } from '../auth/claims.js';
import { WELL_KNOWN_CREDENTIAL_HEADERS } from '../network/credential-headers.js';
import type { ExecutionContext } from '../contract/execution-context.js';
import { MetadataHelper, SetMetadata } from '../metadata.js';
import type { HandlerEntry } from '../contract/tables.js';
import type { Class } from '../types/class.js';
import type { RouteFacts } from '../chain/contracts.js';

const CACHE_VARY_KEY = Symbol('cacheVary');
const separator = '\u0000';

/** What a cached route's answer differs by, besides its URL. */
export interface CacheVaryOptions {
  /** Request headers whose value changes the answer (a tenant header, `accept-language`). */
  readonly headers?: readonly string[];
  /** Claims of the verified token (`claimsOf(context)`) that change the answer (`tenant`, `roles`). */
  readonly claims?: readonly string[];
}

/**
 * Says what the `CacheInterceptor`'s answers for a route (or every route of a controller) differ
 * by, so they are shared between callers exactly when these agree. `@CacheVary()` says the answer
 * is the same for every caller. Without it, a route behind a guard caches only per principal
 * (the `sub` of the verified claims), and an unguarded one only for callers without credentials.
 * An authenticated caller's answers are always kept under their own principal.
 *
 * @example
 * @CacheVary({ headers: ['x-tenant'] }) @Get('/plans') plans(@Header('x-tenant') tenant?: string) {}
 * @CacheVary() @Public() @Get('/countries') countries() {}
 */
export const CacheVary = (options: CacheVaryOptions = {}): ClassDecorator & MethodDecorator =>
  SetMetadata(CACHE_VARY_KEY, Object.freeze({ headers: (options.headers ?? []).map((name) => name.toLowerCase()), claims: [...(options.claims ?? [])] }));

/** How one route's answers are keyed, decided at init. */
export interface CachePlan {
  /** `@CacheTTL` of the route, when it has one. */
  readonly ttl: number | undefined;
  /** `@CacheVary` of the handler or controller, when there is one. */
  readonly vary: { readonly headers: readonly string[]; readonly claims: readonly string[] } | undefined;
  /** Guards or middleware run before the cache: without `@CacheVary` their callers are not shared an answer. */
  readonly guarded: boolean;
  /** Headers whose presence, without verified claims, keeps a call out of the cache. */
  readonly credentialHeaders: readonly string[];
  /**
   * Put after the URL in the key of a versioned route (`\0route:<id>`): under header or media-type
   * versioning several handlers answer one URL, and one's answer must not be served for another's.
   */
  readonly routeKey: string;
}

/** The route's plan: `@CacheVary` and `@CacheTTL` from the handler, else its controller. */
export function cachePlanOf(route: HandlerEntry, controller: Class, ttlKey: symbol, facts: RouteFacts): CachePlan {
  const read = <T>(key: symbol): T | undefined => MetadataHelper.getMetadata<T>(key, route.handler) ?? MetadataHelper.getMetadata<T>(key, controller);
  const credentialHeaders = facts.credentialHeaders ?? WELL_KNOWN_CREDENTIAL_HEADERS;
  const versioned = (route as { readonly versions?: readonly string[] }).versions !== undefined;
  const routeKey = versioned ? `${separator}route:${route.id}` : '';
  return { ttl: read<number>(ttlKey), vary: read<CachePlan['vary']>(CACHE_VARY_KEY), guarded: facts.guarded, credentialHeaders, routeKey };
}

function carriesCredentials(req: { header(name: string): string | undefined }, names: readonly string[]): boolean {
  for (const name of names) if (req.header(name) !== undefined) return true;
  return false;
}

/**
 * The key an answer is kept under, or `undefined` when this call's answer must not be shared:
 * not an HTTP GET; an authenticated call whose claims name no principal (`sub`); credentials
 * (`Authorization`, `Cookie`, `X-API-Key`, the other `WELL_KNOWN_CREDENTIAL_HEADERS` and those the
 * application's providers declare) the guards did not turn into claims; or a route behind guards or middleware that says nothing of
 * what its answer varies by and a caller without claims (either may have read any header). Values are joined with a NUL, which no URL or header value contains.
 *
 * @example
 * cacheKeyOf(context, plan) // '/todo?limit=5\0sub:42' for user 42 on a guarded route
 */
export function cacheKeyOf(context: ExecutionContext, plan: CachePlan): string | undefined {
  if (context.transport !== 'http') return undefined;
  const req = context.req;
  if (req.method !== 'GET') return undefined;
  const claims = claimsOf(context);
  let key = req.url + plan.routeKey;
  if (claims !== undefined) {
    const sub = claims.sub;
    if (typeof sub !== 'string' && typeof sub !== 'number') return undefined;
    key += `${separator}sub:${String(sub)}`;
  } else if ((plan.guarded && plan.vary === undefined) || carriesCredentials(req, plan.credentialHeaders)) {
    return undefined;
  }
  const vary = plan.vary;
  if (vary === undefined) return key;
  for (const name of vary.headers) key += `${separator}${name}:${req.header(name) ?? ''}`;
  for (const name of vary.claims) key += `${separator}${name}:${JSON.stringify(claims?.[name] ?? null)}`;
  return key;
}
