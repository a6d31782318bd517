import type { CryptoKey, JWTHeaderParameters } from 'jose';
import type { OnAppBootstrap } from '../chain/contracts.js';
import { USE_APP_LOGGER, type Logger, type TakesAppLogger } from '../types/logger.js';
import { JwtConfig } from './jwt-config.js';
import type { SessionCookie } from './session-cookie.js';
import { loadSigningKey, loadVerificationKey, type VerificationKey } from './jwt-keys.js';
import { loadJose, type Jose } from './load-jose.js';
import type { WatchedKeySet } from './remote-key-set.js';
import type { Duration, JwtClaims, JwtSignOptions } from './jwt-options.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

// Module-level so a verification allocates no closures of its own.
const payloadOf = (result: { payload: unknown }): JwtClaims => result.payload as JwtClaims;
const refuse = (): null => null;
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const noClaims: Promise<null> = Promise.resolve(null);

/** A numeric duration is seconds from `now`; a string (`'1h'`) is left to jose, which reads it relative to now. */
function at(now: number, duration: Duration): number | string {
  return typeof duration === 'number' ? now + duration : duration;
}

/**
 * Signs and verifies JSON Web Tokens with the keys of `JwtModule.forRoot(...)`. Keys are imported
 * once (at bootstrap, or on first use) and verification pins the configured algorithm(s): a token
 * signed with another algorithm, with `alg: none`, tampered with, expired or not yet valid is
 * refused. Verification never throws for a bad token and never says why: it returns `null`.
 *
 * Verified tokens are remembered (`verifiedTokenCache`, default 10 000 tokens; `false` turns it
 * off): a token seen again skips the signature check, but its `exp` and `nbf` are checked at every
 * use. With a remote key set the cache is emptied when the keys change, and not trusted once the
 * keys are older than the set's cache age (jose then fetches them again). The claims returned are
 * frozen: every request with the same token shares them.
 *
 * @example
 * @Controller('/auth')
 * export class AuthController {
 *   constructor(private readonly jwt: JwtService, private readonly users: UserService) {}
 *   @Public() @Post('/login')
 *   async login(@Body() credentials: LoginDto) {
 *     const user = await this.users.check(credentials);
 *     if (!user) throw new UnauthorizedException();
 *     return { accessToken: await this.jwt.sign({ sub: user.id, roles: user.roles }) };
 *   }
 * }
 */
export class JwtService implements OnAppBootstrap, TakesAppLogger {
  /** Where a remote key set's failed fetches are reported: the application's logger once `init` hands it over. */
  private logger: Logger = console;
  /** jose, loaded with the first key (so whenever a key is set, this is too). */
  private jose?: Jose;
  /** What jose verifies with: one key, or the remote key set's resolver. */
  private verifyKey?: CryptoKey | WatchedKeySet['key'];
  /** The remote key set, when the module has one: told apart once, when the key loads. */
  private remoteKeys?: WatchedKeySet;
  private verifyKeyLoad?: Promise<VerificationKey>;
  private signKey?: CryptoKey;
  private signKeyLoad?: Promise<CryptoKey>;
  private readonly header: JWTHeaderParameters;
  private readonly verified?: VerifiedTokenCache;
  /** The remote key set's generation the cached tokens were verified with. */
  private verifiedWith = 0;

  constructor(protected readonly config: JwtConfig) {
    const cache = config.verifiedTokenCache;
    // A tolerance written as a duration string is taken as 0 here: a token near `exp`/`nbf` is then checked by jose.
    if (cache !== false) this.verified = new VerifiedTokenCache(cache.maxEntries, config.clockToleranceSeconds);
    const keyId = config.source.kind === 'keyPair' ? config.source.options.keyId : undefined;
    this.header = { alg: config.signingAlgorithm ?? config.algorithms[0]!, typ: 'JWT', ...(keyId !== undefined && { kid: keyId }) };
  }

  /** Takes the application's logger (`app.init()` calls it before `onAppBootstrap`). */
  [USE_APP_LOGGER](logger: Logger): void {
    this.logger = logger;
  }

  /** The session cookie of `JwtModule.forRoot({ cookie })`, read by `JwtAuthGuard` besides `Authorization`. */
  get sessionCookie(): SessionCookie | undefined {
    return this.config.sessionCookie;
  }

  /**
   * Imports the configured keys at startup, so a malformed key fails `app.init` rather than the
   * first request. A shared secret waits for the first token instead: it was checked when the
   * module was configured and its import cannot fail, so loading jose and WebCrypto for it at start
   * would only delay the first answer.
   */
  async onAppBootstrap(): Promise<void> {
    if (this.config.source.kind === 'secret') return;
    await this.verificationKey();
    if (this.config.signingAlgorithm !== undefined) await this.signingKey();
  }

  /**
   * Signs `claims` with an `iat`, an `exp` (the module's `expiresIn`, default 1 hour) and the
   * module's `iss`/`aud`. Options and module settings win over same-named claims.
   * Rejects when the module can only verify (public key or JWKS only).
   *
   * @example
   * const token = await jwt.sign({ sub: user.id }, { expiresIn: '15m' });
   */
  async sign(claims: JwtClaims = {}, options: JwtSignOptions = {}): Promise<string> {
    const key = this.signKey ?? (await this.signingKey());
    const now = Math.floor(Date.now() / 1000);
    const token = new this.jose!.SignJWT(claims).setProtectedHeader(this.header).setIssuedAt(now);
    const expiresIn = options.expiresIn !== undefined ? options.expiresIn : this.config.expiresIn;
    if (expiresIn !== false) token.setExpirationTime(at(now, expiresIn));
    if (options.notBefore !== undefined) token.setNotBefore(at(now, options.notBefore));
    const issuer = options.issuer ?? this.config.issuer;
    if (issuer !== undefined) token.setIssuer(issuer);
    const audience = options.audience ?? this.config.audience;
    if (audience !== undefined) token.setAudience(typeof audience === 'string' ? audience : [...audience]);
    if (options.subject !== undefined) token.setSubject(options.subject);
    if (options.jwtId !== undefined) token.setJti(options.jwtId);
    return token.sign(key);
  }

  /**
   * The claims of `token` when its signature, algorithm, `exp`, `nbf` and (if configured) `iss`
   * and `aud` check out; otherwise `null`, whatever the reason, so no detail can reach a client.
   * Rejects only if the configured key itself cannot be imported (a server misconfiguration,
   * which `onAppBootstrap` already reports at startup).
   *
   * @example
   * const claims = await jwt.verify(token);
   * if (!claims) throw new UnauthorizedException();
   */
  verify(token: string): Promise<JwtClaims | null> {
    if (typeof token !== 'string' || token.length === 0) return noClaims;
    const key = this.verifyKey;
    if (key === undefined) return this.verificationKey().then(() => this.verify(token));
    const cache = this.verified;
    const { jwtVerify } = this.jose!;
    if (cache === undefined) return jwtVerify(token, key, this.config.verifyOptions).then(payloadOf, refuse);
    // With a remote key set the cache holds tokens verified with its current keys only: whenever a
    // fetch brought other keys (whether the verification that caused it succeeded or not), every
    // token is checked again, and a verification that spanned the change is not remembered.
    const remote = this.remoteKeys;
    const generation = remote?.generation ?? 0;
    if (generation !== this.verifiedWith) {
      cache.clear();
      this.verifiedWith = generation;
    }
    const hit = remote === undefined || remote.fresh ? cache.get(token, nowSeconds()) : undefined;
    if (hit !== undefined) return Promise.resolve(hit);
    return jwtVerify(token, key, this.config.verifyOptions).then(
      (result) => (remote === undefined || remote.generation === generation ? cache.set(token, result.payload as JwtClaims) : payloadOf(result)),
      refuse,
    );
  }

  /**
   * When a stream opened with a token of these verified claims must end, in milliseconds since the
   * epoch: its `exp` plus the clock tolerance given in seconds; undefined for a token without `exp`,
   * or with `endStreamsAtExpiry: false`. `JwtAuthGuard` records it for the call (`CREDENTIAL_EXPIRES_AT`).
   *
   * @example
   * jwt.streamDeadline({ sub: 'ada', exp: 1767225600 }); // 1767225600000
   */
  streamDeadline(claims: JwtClaims): number | undefined {
    const { exp } = claims;
    if (typeof exp !== 'number' || !this.config.endStreamsAtExpiry) return undefined;
    return (exp + this.config.clockToleranceSeconds) * 1000;
  }

  private verificationKey(): Promise<VerificationKey> {
    return (this.verifyKeyLoad ??= this.loadJose().then(() => loadVerificationKey(this.config, this.logger)).then((key) => {
      if ('generation' in key) {
        this.remoteKeys = key;
        this.verifyKey = key.key;
      } else {
        this.verifyKey = key;
      }
      return key;
    }));
  }

  private signingKey(): Promise<CryptoKey> {
    return (this.signKeyLoad ??= this.loadJose().then(() => loadSigningKey(this.config)).then((key) => (this.signKey = key)));
  }

  private async loadJose(): Promise<void> {
    this.jose ??= await loadJose();
  }
}
