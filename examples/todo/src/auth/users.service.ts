import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ConfigService } from '@framework/core/config';
import type { EnvSchema } from '../config/env.schema.js';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

/** A user as the example knows it. */
export interface User {
  readonly username: string;
  readonly roles: readonly string[];
}

interface StoredUser extends User {
  readonly salt: Buffer;
  /** The scrypt hash, computed by the first login (see the constructor). */
  readonly passwordHash: () => Promise<Buffer>;
}

const KEY_LENGTH = 32;

// Off the event loop: a login must not stall every other request while it hashes.
function hash(password: string, salt: Buffer): Promise<Buffer> {
  return scryptAsync(password, salt, KEY_LENGTH);
}

/**
 * The example's user store: one demo user `demo` whose password comes from `DEMO_PASSWORD`
 * (default `demo`). Only a scrypt hash is kept; checks compare in constant time.
 */
export class UsersService {
  private readonly users = new Map<string, StoredUser>();

  constructor(config: ConfigService<EnvSchema>) {
    const salt = randomBytes(16);
    // Hashed by the first login, off the event loop, beside the hash of the password it was given:
    // scrypt costs 50-150 ms of CPU and 16 MB, which the start does not pay (a process that serves
    // no login never does). The password itself is kept until then.
    let password: string | undefined = config.get('DEMO_PASSWORD');
    let passwordHash: Promise<Buffer> | undefined;
    const stored = () => {
      passwordHash ??= hash(password!, salt);
      password = undefined;
      return passwordHash;
    };
    this.users.set('demo', { username: 'demo', roles: ['user'], salt, passwordHash: stored });
  }

  /** The user when the password matches, else undefined. */
  async verify(username: string, password: string): Promise<User | undefined> {
    const user = this.users.get(username);
    // Hash even for unknown users, so timing does not tell which usernames exist.
    const [candidate, expected] = await Promise.all([hash(password, user?.salt ?? Buffer.alloc(16)), user?.passwordHash()]);
    if (!user || !expected || !timingSafeEqual(candidate, expected)) return undefined;
    return { username: user.username, roles: user.roles };
  }
}
