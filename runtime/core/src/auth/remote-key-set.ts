/**
 * A remote JSON Web Key Set (jose's `createRemoteJWKSet`) that says when its keys changed. jose
 * fetches lazily, caches, honours cooldowns and refetches on an unknown `kid`, but gives no cheap
 * way to tell one fetched set from the next (`jwks()` returns a new copy on every call). The fetch
 * is wrapped here: each answer whose text differs from the previous one bumps `generation`, which
 * `JwtService` compares (one number read per verification) to forget the tokens it verified with
 * the keys before.
 */
import type { JWTVerifyGetKey } from 'jose';
import type { FetchImplementation, RemoteJWKSetOptions } from 'jose/jwks/remote';
import type { Jose } from './load-jose.js';

export interface WatchedKeySet {
  /** What `jwtVerify` is given. */
  readonly key: JWTVerifyGetKey;
  /** Whether the keys are younger than the set's cache age (a cached verification may be trusted). */
  readonly fresh: boolean;
  /** Bumped each time a fetch brings a key set that differs from the one before. */
  readonly generation: number;
}

/**
 * @example
 * const keys = watchRemoteKeySet(await loadJose(), new URL('https://issuer.example/.well-known/jwks.json'));
 * const before = keys.generation;
 * await jwtVerify(token, keys.key);
 * if (keys.generation !== before) forgetVerifiedTokens();
 */
export function watchRemoteKeySet(jose: Jose, url: URL, options: RemoteJWKSetOptions = {}): WatchedKeySet {
  const fetchWith: FetchImplementation = options[jose.customFetch] ?? fetch;
  let lastText: string | undefined;
  let generation = 0;
  const watchingFetch: FetchImplementation = async (url, init) => {
    const response = await fetchWith(url, init);
    // jose reads a 200 only; anything else leaves its keys as they were.
    if (response.status !== 200) return response;
    const text = await response.text();
    // The first set replaces nothing: no token was verified before it.
    if (lastText !== undefined && text !== lastText) generation++;
    lastText = text;
    return new Response(text, { status: 200, headers: response.headers });
  };
  const key = jose.createRemoteJWKSet(url, { ...options, [jose.customFetch]: watchingFetch });
  return {
    key,
    get fresh() {
      return key.fresh;
    },
    get generation() {
      return generation;
    },
  };
}
