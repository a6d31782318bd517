import { ConfigService } from '@framework/core/config';
import type { EnvSchema } from '../config/env.schema.js';

// node:crypto is imported by the first login, not at start (on Bun it brings Node's streams with it).
const nodeCrypto = async () => await import('node:crypto');

/** A user as the example knows it. */
export interface User {
  readonly username: string;
  readonly roles: readonly string[];
}

interface StoredUser extends User {
  /** Drawn by the first login (see the constructor). */
  readonly salt: () => Promise<Buffer>;
  /** The scrypt hash, computed by the first login. */
  readonly passwordHash: () => Promise<Buffer>;
}

const KEY_LENGTH = 32;

// Off the event loop: a login must not stall every other request while it hashes.
async function hash(password: string, salt: Buffer): Promise<Buffer> {
  const { scrypt } = await nodeCrypto();
  return new Promise((resolve, reject) => scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key))));
}

/**
 * The example's user store: one demo user `demo` whose password comes from `DEMO_PASSWORD`
 * (default `demo`). Only a scrypt hash is kept; checks compare in constant time.
 */
export class UsersService {
  private readonly users = new Map<string, StoredUser>();

  constructor(config: ConfigService<EnvSchema>) {
    // Salted and hashed by the first login, off the event loop, beside the hash of the password it
    // was given: scrypt costs 50-150 ms of CPU and 16 MB, which the start does not pay (a process
    // that serves no login never does). The salt waits too: the global `crypto` loads Node's Web
    // Crypto, 2-3 ms of a start. The password itself is kept until then.
    let password: string | undefined = config.get('DEMO_PASSWORD');
    let salt: Promise<Buffer> | undefined;
    let passwordHash: Promise<Buffer> | undefined;
    const salted = () => (salt ??= nodeCrypto().then(({ randomBytes }) => randomBytes(16)));
    const stored = () => {
      const given = password!;
      passwordHash ??= salted().then((drawn) => hash(given, drawn));
      password = undefined;
      return passwordHash;
    };
    this.users.set('demo', { username: 'demo', roles: ['user'], salt: salted, passwordHash: stored });
  }

  /** The user when the password matches, else undefined. */
  async verify(username: string, password: string): Promise<User | undefined> {
    const user = this.users.get(username);
    // Hash even for unknown users, so timing does not tell which usernames exist.
    const salt = user ? await user.salt() : Buffer.alloc(16);
    const [candidate, expected] = await Promise.all([hash(password, salt), user?.passwordHash()]);
    if (!user || !expected || !(await nodeCrypto()).timingSafeEqual(candidate, expected)) return undefined;
    return { username: user.username, roles: user.roles };
  }
}
