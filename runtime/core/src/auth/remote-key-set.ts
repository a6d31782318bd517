/**
 * A remote JSON Web Key Set (jose's `createRemoteJWKSet`) that says when its keys changed. jose
 * fetches lazily, caches, honours cooldowns and refetches on an unknown `kid`, but gives no cheap
 * way to tell one fetched set from the next (`jwks()` returns a new copy on every call). The fetch
 * is wrapped here: each answer whose text differs from the previous one bumps `generation`, which
 * `JwtService` compares (one number read per verification) to forget the tokens it verified with
 * the keys before. The wrapper also bounds what a fetch costs: an answer longer than 1 MiB is
 * refused unread, and after a failed fetch (no answer, not a 200, not a key set) the set is not
 * asked again for a pause that doubles from 1 s up to its `cooldownDuration`: tokens whose keys are
 * not at hand are refused meanwhile instead of each one fetching (and waiting) again. The first
 * failure of a run of them is one warning naming the set and the reason (not one per request), and
 * the fetch that ends the run one line more.
 */
import type { JWTVerifyGetKey } from 'jose';
import type { FetchImplementation, RemoteJWKSetOptions } from 'jose/jwks/remote';
import type { Logger } from '../types/logger.js';
import type { Jose } from './load-jose.js';

/** Longest key set answer read: a hundred RSA keys take about 50 KB. */
export const MAX_JWKS_BYTES = 1024 * 1024;

/** The pause after a failed fetch, doubled with each failure in a row up to the set's `cooldownDuration` (30 s by default). */
const FIRST_PAUSE_MS = 1000;

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
 * const keys = watchRemoteKeySet(await loadJose(), new URL('https://issuer.example/.well-known/jwks.json'), {}, logger);
 * const before = keys.generation;
 * await jwtVerify(token, keys.key);
 * if (keys.generation !== before) forgetVerifiedTokens();
 */
export function watchRemoteKeySet(jose: Jose, url: URL, options: RemoteJWKSetOptions = {}, logger: Pick<Logger, 'warn' | 'log'> = console): WatchedKeySet {
  const fetchWith: FetchImplementation = options[jose.customFetch] ?? fetch;
  const longestPause = Math.max(FIRST_PAUSE_MS, options.cooldownDuration ?? 30_000);
  const timeoutMs = options.timeoutDuration ?? 5000;
  // Without credentials, query or fragment, which may hold a secret.
  const where = `${url.origin}${url.pathname}`;
  let lastText: string | undefined;
  let generation = 0;
  let failuresInARow = 0;
  let retryAt = 0;
  const failed = (reason: string): void => {
    if (failuresInARow === 0) {
      logger.warn(
        `JwtModule: the key set at ${where} could not be fetched: ${reason}. Tokens whose key is not at hand are refused ` +
          `until a fetch succeeds; it is asked again in ${FIRST_PAUSE_MS / 1000} s, then less often (up to every ${longestPause / 1000} s).`,
      );
    }
    failuresInARow++;
    retryAt = Date.now() + Math.min(longestPause, FIRST_PAUSE_MS * 2 ** Math.min(failuresInARow - 1, 20));
  };
  const fetched = (): void => {
    if (failuresInARow > 0) logger.log(`JwtModule: the key set at ${where} was fetched again, after ${failuresInARow} failed ${failuresInARow === 1 ? 'fetch' : 'fetches'}.`);
    failuresInARow = 0;
    retryAt = 0;
  };
  const watchingFetch: FetchImplementation = async (url, init) => {
    // jose fetches again on every token while it has no fresh set, so an issuer that is down would
    // be asked at the rate tokens come in (and each caller kept waiting for the answer).
    if (Date.now() < retryAt) throw new Error(`the key set at ${url} could not be fetched; it is asked again in ${retryAt - Date.now()} ms`);
    let text: string;
    let headers: Headers;
    try {
      const response = await fetchWith(url, init);
      // jose reads a 200 only; anything else leaves its keys as they were.
      if (response.status !== 200) {
        failed(`it answered ${response.status}`);
        await response.body?.cancel();
        return new Response(null, { status: response.status });
      }
      headers = response.headers;
      text = await boundedText(response, MAX_JWKS_BYTES);
    } catch (error) {
      failed(reasonOf(error, timeoutMs));
      throw error;
    }
    if (!isKeySetText(text)) {
      failed('its answer is not a key set (a JSON object with a `keys` array)'); // jose refuses it
    } else {
      fetched();
      // The first set replaces nothing: no token was verified before it.
      if (lastText !== undefined && text !== lastText) generation++;
      lastText = text;
    }
    return new Response(text, { status: 200, headers });
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

/** Why a fetch threw, for the warning: its own message and its cause's (`fetch failed: getaddrinfo ENOTFOUND issuer.example`). */
function reasonOf(error: unknown, timeoutMs: number): string {
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') return `no answer within ${timeoutMs} ms (timeoutDuration)`;
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return cause === undefined ? message : `${message}: ${cause}`;
}

/** A JSON object with a `keys` array: what jose takes as a key set (it checks the keys). */
function isKeySetText(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as { keys?: unknown }).keys);
  } catch {
    return false;
  }
}

/** The body as text, refused (and its reading stopped) past `limit` bytes. */
async function boundedText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) {
    await response.body?.cancel();
    throw new Error(`the key set's answer declares ${declared} bytes, more than the ${limit} read`);
  }
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel();
      throw new Error(`the key set's answer is longer than the ${limit} bytes read`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
