import type { ThrottlerRecord } from './storage.js';
import { withDeadline } from '../timing/deadline.js';

/**
 * One hit, atomically, in one round trip: count it, start the window's expiry on the first hit,
 * and answer `{ hits, milliseconds left }`. Redis expires the key itself when the window ends.
 * (`if hits == 1` is `PEXPIRE … NX` for Redis older than 7; a key found without expiry, which only
 * a foreign write can cause, gets one so it cannot block a caller forever.)
 */
export const HIT_SCRIPT = `local hits = redis.call('INCR', KEYS[1])
if hits == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {hits, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

/** SHA-1 of a script as Redis names it for EVALSHA (lowercase hex), through WebCrypto. */
export async function scriptSha(script: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-1', new TextEncoder().encode(script));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether Redis answered that it does not know the script (after a restart or SCRIPT FLUSH). */
export function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}

/** Reads the script's `{hits, ttl}` reply; throws on anything else. */
export function recordOfReply(reply: unknown): ThrottlerRecord {
  if (Array.isArray(reply) && reply.length === 2) {
    const totalHits = Number(reply[0]);
    const timeToExpireMs = Number(reply[1]);
    if (totalHits >= 1 && timeToExpireMs >= 0) return { totalHits, timeToExpireMs };
  }
  throw new Error(`Unexpected reply of the throttler's Redis script: ${JSON.stringify(reply)}`);
}

/** The error of a hit Redis did not answer in time (told apart from an error Redis answered). */
export class RedisTimeoutError extends Error {}

/** Rejects with a `RedisTimeoutError` when `promise` has not settled after `ms` milliseconds, so a call never waits longer. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return withDeadline(promise, ms, () => new RedisTimeoutError(`Redis did not answer within ${ms} ms`));
}
