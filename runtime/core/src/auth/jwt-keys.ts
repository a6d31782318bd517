/**
 * Turns configured key material into the keys jose works with. Called once per key and cached by
 * `JwtService`: importing a key (even an HMAC secret) on every request is the main avoidable cost
 * of JWT verification.
 */
import type { CryptoKey, JWK, JWSAlgorithm } from 'jose';
import type { Logger } from '../types/logger.js';
import { loadJose } from './load-jose.js';
import type { JwtConfig } from './jwt-config.js';
import type { KeyMaterial } from './jwt-options.js';
import { watchRemoteKeySet, type WatchedKeySet } from './remote-key-set.js';

/** What tokens are verified with: one key, or a remote key set that says when its keys change. */
export type VerificationKey = CryptoKey | WatchedKeySet;

const hmacHash: Readonly<Record<string, string>> = { HS256: 'SHA-256', HS384: 'SHA-384', HS512: 'SHA-512' };

function isCryptoKey(material: KeyMaterial): material is CryptoKey {
  return typeof material === 'object' && 'usages' in material && 'algorithm' in material && 'type' in material;
}

/** Raw bytes of an HMAC secret as a non-extractable CryptoKey, so jose does not import it per token. */
function importHmac(secret: Uint8Array, algorithm: JWSAlgorithm): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', secret as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash: hmacHash[algorithm]! }, false, ['sign', 'verify']);
}

async function importMaterial(material: KeyMaterial, algorithm: JWSAlgorithm, role: 'publicKey' | 'privateKey'): Promise<CryptoKey> {
  try {
    if (isCryptoKey(material)) {
      const expected = role === 'publicKey' ? 'public' : 'private';
      if (material.type !== expected) throw new TypeError(`expected a ${expected} CryptoKey, got a ${material.type} one`);
      return material;
    }
    const { importJWK, importPKCS8, importSPKI, importX509 } = await loadJose();
    if (typeof material === 'string') {
      // Keys kept in environment variables often arrive with literal `\n` instead of line breaks.
      const pem = material.includes('\\n') ? material.replace(/\\n/g, '\n').trim() : material.trim();
      if (!pem.startsWith('-----BEGIN ')) throw new TypeError('expected PEM text starting with -----BEGIN, or a JWK object');
      if (role === 'privateKey') return await importPKCS8(pem, algorithm);
      return pem.startsWith('-----BEGIN CERTIFICATE') ? await importX509(pem, algorithm) : await importSPKI(pem, algorithm);
    }
    if ((material as JWK).kty === 'oct') throw new TypeError('a symmetric (oct) JWK is a shared secret: configure it as `secret`');
    return (await importJWK(material as JWK, algorithm)) as CryptoKey;
  } catch (error) {
    throw new TypeError(`JwtModule: the ${role} could not be imported for ${algorithm}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The key (or remote key set) tokens are verified with; a remote set reports its failed fetches to `logger`.
 *
 * @example
 * const key = await loadVerificationKey(config, logger);
 * await jwtVerify(token, key, config.verifyOptions);
 */
export function loadVerificationKey(config: JwtConfig, logger: Pick<Logger, 'warn' | 'log'>): Promise<VerificationKey> {
  const source = config.source;
  const algorithm = config.algorithms[0]!;
  switch (source.kind) {
    case 'secret':
      return importHmac(config.secret!, algorithm);
    case 'keyPair':
      return importMaterial(source.options.publicKey, algorithm, 'publicKey');
    case 'jwks':
      return loadJose().then((jose) => watchRemoteKeySet(jose, new URL(source.options.jwksUrl), source.options.jwksOptions, logger));
  }
}

/**
 * The key tokens are signed with; rejects when the configuration can only verify.
 *
 * @example
 * const key = await loadSigningKey(config);
 */
export function loadSigningKey(config: JwtConfig): Promise<CryptoKey> {
  const source = config.source;
  if (source.kind === 'secret') return importHmac(config.secret!, config.signingAlgorithm!);
  if (source.kind === 'keyPair' && source.options.privateKey !== undefined) {
    return importMaterial(source.options.privateKey, config.signingAlgorithm!, 'privateKey');
  }
  return Promise.reject(
    new TypeError(
      source.kind === 'jwks'
        ? 'JwtService.sign: this JwtModule verifies against a remote key set (jwksUrl) and cannot sign; sign where the private key is.'
        : 'JwtService.sign: this JwtModule has only a publicKey; add `privateKey` to JwtModule.forRoot(...) to sign tokens.',
    ),
  );
}
