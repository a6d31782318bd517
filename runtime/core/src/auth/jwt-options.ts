import type { CryptoKey, JWK, RemoteJWKSetOptions } from 'jose';
import type { Logger } from '../types/logger.js';
import type { JwtCookieOptions } from './session-cookie.js';

/** The HMAC algorithms, for a shared secret: the one list the type and the runtime check share. */
export const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512'] as const;

/** The signature algorithms, for a key pair or a remote key set. */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519',
] as const;

/** An HMAC algorithm, for a shared secret. */
export type HmacAlgorithm = (typeof HMAC_ALGORITHMS)[number];

/** A signature algorithm, for a key pair or a remote key set. */
export type AsymmetricAlgorithm = (typeof ASYMMETRIC_ALGORITHMS)[number];

/** A span of time: seconds as a number, or a string such as `'1h'`, `'15 minutes'`, `'30s'`. */
export type Duration = number | string;

/** A key as PEM text (PKCS#8 private, SPKI public), a JWK object, or an already imported `CryptoKey`. */
export type KeyMaterial = string | JWK | CryptoKey;

/** The registered claims `requiredClaims` can insist on. */
export const REQUIRABLE_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti'] as const;

/** A registered claim a verified token can be required to carry. */
export type RequirableClaim = (typeof REQUIRABLE_CLAIMS)[number];

/** Options every kind of `JwtModule.forRoot(...)` accepts. */
export interface JwtCommonOptions {
  /** Put into signed tokens as `iss`, and required of verified tokens. */
  readonly issuer?: string;
  /** Put into signed tokens as `aud`; a verified token must name (one of) them. */
  readonly audience?: string | readonly string[];
  /** Lifetime of signed tokens (default `'1h'`); `false` signs tokens that never expire. */
  readonly expiresIn?: Duration | false;
  /**
   * Whether a verified token must carry an `exp` claim (default `true`): a token without one would
   * be valid forever once leaked. Set `false` only to accept tokens of an issuer that never sets it.
   */
  readonly requireExpiry?: boolean;
  /**
   * Further claims a verified token must carry, such as `['sub']` when every token names a user
   * (`iss` and `aud` are required, and checked, whenever `issuer` / `audience` are set).
   */
  readonly requiredClaims?: readonly RequirableClaim[];
  /** Clock skew tolerated when checking `exp` and `nbf` (default none). */
  readonly clockTolerance?: Duration;
  /**
   * Whether an `@Sse()` stream or `@Ws()` socket opened with a token ends when the token expires
   * (default `true`): guards run once, when it opens, so without this a stream outlives its token
   * for as long as the client keeps it. It ends at `exp` (plus `clockTolerance` when given in
   * seconds): the handler's `context.signal` aborts, an event stream sends a last `exception` event
   * (401, `The token expired.`) and ends, a socket closes with 1008 and that reason. Set `false`
   * only where a stream's handler checks the caller again itself (through `context.signal` and
   * `claimsOf(context).exp`, say): a leaked or revoked token then keeps its streams.
   *
   * @example
   * JwtModule.forRoot({ secret: jwtSecretFromEnv(), endStreamsAtExpiry: false })
   */
  readonly endStreamsAtExpiry?: boolean;
  /**
   * @deprecated Ignored: what the module reports (a remote key set's failed fetches) goes to the
   * application's `logger` (a short secret is now an error at start-up). Kept so existing
   * configurations still type-check.
   */
  readonly logger?: Pick<Logger, 'warn'>;
  /**
   * Verified tokens remembered so a token seen again skips the signature check (`exp` and `nbf`
   * are still checked at every use): `{ maxEntries }` (default 10 000), or `false` to verify every
   * token in full.
   */
  readonly verifiedTokenCache?: { readonly maxEntries?: number } | false;
  /**
   * Also take the token from this cookie (a browser session), as well as from `Authorization`:
   * a name, or `{ name, origins }` with the other origins allowed to make unsafe requests with it.
   * A request authenticated by the cookie with POST, PUT, PATCH or DELETE is refused (403) unless
   * its `Origin` is the application's own or one of `origins` (CSRF protection); requests
   * authenticated by the header are unaffected.
   *
   * @example
   * JwtModule.forRoot({ secret: jwtSecretFromEnv(), cookie: 'session' })
   */
  readonly cookie?: string | JwtCookieOptions;
}

/**
 * Sign and verify with one shared secret (HMAC). At least 32 bytes, refused at `init` otherwise;
 * make one with `openssl rand -base64 32`.
 *
 * @example
 * JwtModule.forRoot({ secret: jwtSecretFromEnv() })
 */
export interface JwtSecretOptions extends JwtCommonOptions {
  readonly secret: string | Uint8Array;
  /** Default `HS256`; the only algorithm accepted when verifying. */
  readonly algorithm?: HmacAlgorithm;
}

/**
 * Sign with a private key and verify with the public key: services that only verify never hold
 * a key that can mint tokens. Leave `privateKey` out for a verify-only service.
 *
 * @example
 * JwtModule.forRoot({ algorithm: 'EdDSA', privateKey: process.env.JWT_PRIVATE_KEY, publicKey: process.env.JWT_PUBLIC_KEY! })
 */
export interface JwtKeyPairOptions extends JwtCommonOptions {
  /** The only algorithm accepted when verifying. */
  readonly algorithm: AsymmetricAlgorithm;
  readonly publicKey: KeyMaterial;
  readonly privateKey?: KeyMaterial;
  /** Written as `kid` into the header of signed tokens (useful when you publish a JWKS). */
  readonly keyId?: string;
}

/**
 * Verify tokens issued elsewhere against a JSON Web Key Set fetched from a URL (cached and
 * refreshed by jose). Such a service cannot sign.
 *
 * @example
 * JwtModule.forRoot({ jwksUrl: 'https://issuer.example/.well-known/jwks.json', algorithms: ['RS256'], issuer: 'https://issuer.example/' })
 */
export interface JwtJwksOptions extends JwtCommonOptions {
  readonly jwksUrl: string | URL;
  /** The algorithms accepted when verifying; at least one. */
  readonly algorithms: readonly AsymmetricAlgorithm[];
  /** Passed to jose's `createRemoteJWKSet` (timeouts, cache age, headers). */
  readonly jwksOptions?: RemoteJWKSetOptions;
}

/** What `JwtModule.forRoot(...)` accepts: a shared secret, a key pair, or a remote key set. */
export type JwtModuleOptions = JwtSecretOptions | JwtKeyPairOptions | JwtJwksOptions;

/** Per-token options of `JwtService.sign`; they win over the module's options. */
export interface JwtSignOptions {
  /** Seconds from now, or a string such as `'15m'`; negative values give an already expired token. */
  readonly expiresIn?: Duration | false;
  /** The token is not valid before this delay (seconds from now, or a string such as `'5m'`). */
  readonly notBefore?: Duration;
  readonly subject?: string;
  readonly audience?: string | readonly string[];
  readonly issuer?: string;
  /** `jti` */
  readonly jwtId?: string;
}

/**
 * The claims of a verified token: the registered ones plus whatever the issuer put in.
 *
 * @example
 * const claims = await jwt.verify(token); // { sub: 'u1', roles: ['admin'], iat: …, exp: … } or null
 */
export interface JwtClaims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  jti?: string;
  nbf?: number;
  exp?: number;
  iat?: number;
  [claim: string]: unknown;
}
