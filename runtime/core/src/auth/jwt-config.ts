import type { JWSAlgorithm, JWTVerifyOptions } from 'jose';
import {
  ASYMMETRIC_ALGORITHMS,
  HMAC_ALGORITHMS,
  REQUIRABLE_CLAIMS,
  type Duration,
  type JwtJwksOptions,
  type JwtKeyPairOptions,
  type JwtModuleOptions,
  type JwtSecretOptions,
  type RequirableClaim,
} from './jwt-options.js';
import { SessionCookie } from './session-cookie.js';
import { DEFAULT_VERIFIED_TOKEN_CACHE_SIZE } from './verified-token-cache.js';

// Widened for `includes`: options typed loosely (plain JS, casts) may hold any string.
const hmacAlgorithms: readonly string[] = HMAC_ALGORITHMS;
const asymmetricAlgorithms: readonly string[] = ASYMMETRIC_ALGORITHMS;

/** Which kind of key material the module was configured with. */
export type JwtKeySource =
  | { readonly kind: 'secret'; readonly options: JwtSecretOptions }
  | { readonly kind: 'keyPair'; readonly options: JwtKeyPairOptions }
  | { readonly kind: 'jwks'; readonly options: JwtJwksOptions };

function configError(message: string): TypeError {
  return new TypeError(`JwtModule.forRoot: ${message}`);
}

function keySourceOf(options: JwtModuleOptions): JwtKeySource {
  const given = (['secret', 'publicKey', 'jwksUrl'] as const).filter((k) => (options as Partial<Record<typeof k, unknown>>)[k] !== undefined);
  // `secret: process.env.JWT_SECRET` with the variable unset: say which variable, not "none".
  if (given.length === 0 && Object.hasOwn(options, 'secret')) {
    throw configError('`secret` is undefined. Set JWT_SECRET, or use jwtSecretFromEnv() which generates a random one.');
  }
  if (given.length !== 1) {
    throw configError(
      `give exactly one of \`secret\` (HS256), \`publicKey\` (+ \`privateKey\` to sign) or \`jwksUrl\`; got ${given.length ? given.join(', ') : 'none'}.`,
    );
  }
  if (given[0] === 'secret') return { kind: 'secret', options: options as JwtSecretOptions };
  if (given[0] === 'publicKey') return { kind: 'keyPair', options: options as JwtKeyPairOptions };
  return { kind: 'jwks', options: options as JwtJwksOptions };
}

/** The algorithms the verifier accepts: exactly the configured ones, never what a token claims. */
function pinnedAlgorithms(source: JwtKeySource): JWSAlgorithm[] {
  if (source.kind === 'secret') {
    const algorithm = source.options.algorithm ?? 'HS256';
    if (!hmacAlgorithms.includes(algorithm)) throw configError(`a shared secret signs with ${hmacAlgorithms.join(', ')}, not ${algorithm}.`);
    return [algorithm];
  }
  const algorithms = source.kind === 'keyPair' ? [source.options.algorithm] : [...source.options.algorithms];
  if (algorithms.length === 0) throw configError('`algorithms` must list at least one algorithm the issuer signs with (e.g. [\'RS256\']).');
  for (const algorithm of algorithms) {
    if (!asymmetricAlgorithms.includes(algorithm)) {
      throw configError(`a key pair or key set verifies ${asymmetricAlgorithms.join(', ')}, not ${String(algorithm)}.`);
    }
  }
  return algorithms;
}

/** RFC 7518 §3.2: an HMAC key shorter than the hash output can be brute-forced offline from any token. */
export const MIN_SECRET_BYTES = 32;

function secretBytes(options: JwtSecretOptions): Uint8Array {
  const bytes = typeof options.secret === 'string' ? new TextEncoder().encode(options.secret) : options.secret;
  if (!(bytes instanceof Uint8Array) || bytes.length === 0) {
    throw configError('`secret` is empty. Set JWT_SECRET, or use jwtSecretFromEnv() which generates a random one.');
  }
  if (bytes.length < MIN_SECRET_BYTES) {
    throw configError(
      `the JWT secret is ${bytes.length} bytes; an HMAC secret needs at least ${MIN_SECRET_BYTES} random bytes, ` +
        'since a short one can be guessed offline from any token. Make one with `openssl rand -base64 32` ' +
        "(or `node -e \"console.log(crypto.randomBytes(32).toString('base64'))\"`) and set it as JWT_SECRET.",
    );
  }
  return bytes;
}

/** The claims a verified token must carry: `exp` unless turned off, plus `requiredClaims`, each once. */
function requiredClaimsOf(options: JwtModuleOptions): string[] {
  const requireExpiry = options.requireExpiry ?? true;
  if (typeof requireExpiry !== 'boolean') throw configError(`\`requireExpiry\` must be true or false; got ${String(requireExpiry)}.`);
  if (requireExpiry && options.expiresIn === false) {
    throw configError('`expiresIn: false` signs tokens without `exp`, which verification refuses by default; give `expiresIn` or set `requireExpiry: false`.');
  }
  const extra: readonly unknown[] = options.requiredClaims ?? [];
  if (!Array.isArray(extra)) throw configError(`\`requiredClaims\` must be an array such as ['sub']; got ${String(extra)}.`);
  const claims = new Set<string>(requireExpiry ? ['exp'] : []);
  for (const claim of extra) {
    if (!(REQUIRABLE_CLAIMS as readonly unknown[]).includes(claim)) {
      throw configError(`\`requiredClaims\` lists ${JSON.stringify(claim)}; it can hold ${REQUIRABLE_CLAIMS.join(', ')}.`);
    }
    claims.add(claim as RequirableClaim);
  }
  return [...claims];
}

/**
 * The validated configuration of `JwtModule.forRoot(...)`, provided to `JwtService` by DI.
 * Everything per-token work needs is computed here once: the pinned algorithms and the options
 * object handed to jose on every verification.
 *
 * @example
 * const config = new JwtConfig({ secret: process.env.JWT_SECRET! });
 * const jwt = new JwtService(config);
 */
export class JwtConfig {
  readonly source: JwtKeySource;
  /** The algorithms a token may be signed with; anything else (including `none`) is refused. */
  readonly algorithms: readonly JWSAlgorithm[];
  /** The algorithm `sign` uses, when this configuration can sign. */
  readonly signingAlgorithm?: JWSAlgorithm;
  /** The shared secret as bytes (`secret` configurations only). */
  readonly secret?: Uint8Array;
  readonly expiresIn: Duration | false;
  readonly issuer?: string;
  readonly audience?: string | string[];
  /** Claims a token must carry to verify (`exp` by default). */
  readonly requiredClaims: readonly string[];
  /** Handed to jose's `jwtVerify` as is: one object for the life of the application. */
  readonly verifyOptions: Readonly<JWTVerifyOptions>;
  /** How many verified tokens `JwtService` remembers, or `false`. */
  readonly verifiedTokenCache: { readonly maxEntries: number } | false;
  /** The session cookie the guard also reads a token from, when `cookie` is set. */
  readonly sessionCookie?: SessionCookie;
  /** `clockTolerance` in seconds; 0 when given as a string (`'30s'`), which jose alone reads. */
  readonly clockToleranceSeconds: number;
  /** Whether a stream opened with a token ends when the token expires (`endStreamsAtExpiry`, default true). */
  readonly endStreamsAtExpiry: boolean;

  constructor(options: JwtModuleOptions) {
    this.source = keySourceOf(options);
    this.algorithms = Object.freeze(pinnedAlgorithms(this.source));
    if (this.source.kind === 'secret') {
      this.secret = secretBytes(this.source.options);
      this.signingAlgorithm = this.algorithms[0];
    } else if (this.source.kind === 'keyPair' && this.source.options.privateKey !== undefined) {
      this.signingAlgorithm = this.algorithms[0];
    } else if (this.source.kind === 'jwks' && !URL.canParse(String(this.source.options.jwksUrl))) {
      throw configError(`\`jwksUrl\` is not a URL: ${String(this.source.options.jwksUrl)}.`);
    }
    this.expiresIn = options.expiresIn ?? '1h';
    this.issuer = options.issuer;
    this.audience = typeof options.audience === 'string' ? options.audience : options.audience && [...options.audience];
    this.requiredClaims = Object.freeze(requiredClaimsOf(options));
    this.verifiedTokenCache = verifiedTokenCacheOf(options);
    if (options.cookie !== undefined) this.sessionCookie = new SessionCookie(options.cookie);
    this.clockToleranceSeconds = typeof options.clockTolerance === 'number' ? options.clockTolerance : 0;
    this.endStreamsAtExpiry = options.endStreamsAtExpiry ?? true;
    if (typeof this.endStreamsAtExpiry !== 'boolean') throw configError(`\`endStreamsAtExpiry\` must be true or false; got ${String(this.endStreamsAtExpiry)}.`);
    this.verifyOptions = Object.freeze({
      algorithms: [...this.algorithms],
      ...(this.requiredClaims.length > 0 && { requiredClaims: [...this.requiredClaims] }),
      ...(options.issuer !== undefined && { issuer: options.issuer }),
      ...(this.audience !== undefined && { audience: this.audience }),
      ...(options.clockTolerance !== undefined && { clockTolerance: options.clockTolerance }),
    });
  }
}

function verifiedTokenCacheOf(options: JwtModuleOptions): { readonly maxEntries: number } | false {
  const given = options.verifiedTokenCache;
  if (given === false) return false;
  const maxEntries = given?.maxEntries ?? DEFAULT_VERIFIED_TOKEN_CACHE_SIZE;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw configError(`\`verifiedTokenCache.maxEntries\` must be a positive integer (got ${String(maxEntries)}); write \`verifiedTokenCache: false\` to turn the cache off.`);
  }
  return { maxEntries };
}
