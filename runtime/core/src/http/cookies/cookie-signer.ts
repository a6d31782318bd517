const encoder = new TextEncoder();
/** Shorter secrets can be guessed offline from one signed cookie; 32 bytes is HMAC-SHA256's own key size. */
const MIN_SECRET_BYTES = 32;

/** base64url without padding: the signature stays within a cookie value's allowed characters. */
function base64url(bytes: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  // A length of 1 more than a multiple of 4 is no base64 at all: `atob` would throw (a 500) on a forged cookie.
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Signs cookie values with HMAC-SHA256 and verifies them, through WebCrypto (`crypto.subtle`), so
 * it works the same on Node, Deno, Bun and Workers. A signed value is `<value>.<signature>`. The
 * first secret signs; every secret verifies, so secrets can be rotated: put the new one first,
 * keep the old one until the cookies it signed have expired. Verifying compares in constant time
 * (`crypto.subtle.verify`). Both are asynchronous, as WebCrypto is.
 *
 * @example
 * const signer = new CookieSigner(['a-new-secret-of-at-least-32-bytes!', 'the-old-secret-still-verifying-32b']);
 * const signed = await signer.sign('user-42'); // 'user-42.Xq3…'
 * await signer.unsign(signed); // 'user-42'
 * await signer.unsign('user-42.forged'); // undefined
 */
export class CookieSigner {
  private keys?: Promise<CryptoKey[]>;

  constructor(private readonly secrets: readonly string[]) {
    if (!Array.isArray(secrets) || secrets.length === 0) {
      throw new TypeError('FrameworkApplication: cookies.secrets must list at least one secret (the first signs, all verify).');
    }
    secrets.forEach((secret, index) => {
      if (typeof secret !== 'string' || encoder.encode(secret).length < MIN_SECRET_BYTES) {
        throw new TypeError(
          `FrameworkApplication: cookies.secrets[${index}] must be a string of at least ${MIN_SECRET_BYTES} bytes (a shorter one can be guessed from a signed cookie); generate one with \`openssl rand -base64 32\`.`,
        );
      }
    });
  }

  /** The secrets as HMAC keys, imported once on first use. */
  private imported(): Promise<CryptoKey[]> {
    return (this.keys ??= Promise.all(
      this.secrets.map((secret) => crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])),
    ));
  }

  /** `value` followed by `.` and its signature with the first secret. */
  async sign(value: string): Promise<string> {
    const [key] = await this.imported();
    return `${value}.${base64url(await crypto.subtle.sign('HMAC', key!, encoder.encode(value)))}`;
  }

  /** The value of a signed text when one of the secrets signed it; `undefined` for anything else (unsigned, forged, malformed). */
  async unsign(signed: string): Promise<string | undefined> {
    const dot = signed.lastIndexOf('.');
    if (dot < 0) return undefined;
    const value = signed.slice(0, dot);
    const signature = fromBase64url(signed.slice(dot + 1));
    // An HMAC-SHA256 signature is 32 bytes; anything else is not worth a verification.
    if (signature?.length !== 32) return undefined;
    const data = encoder.encode(value);
    for (const key of await this.imported()) {
      if (await crypto.subtle.verify('HMAC', key, signature, data)) return value;
    }
    return undefined;
  }
}
