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
  readonly passwordHash: Promise<Buffer>;
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
    // Hashed off the event loop while the app starts (scrypt costs 50-150 ms of CPU): the start
    // does not wait for it, only a login that comes first does.
    const passwordHash = hash(config.get('DEMO_PASSWORD'), salt);
    passwordHash.catch(() => undefined); // its failure is the first login's, not an unhandled rejection
    this.users.set('demo', { username: 'demo', roles: ['user'], salt, passwordHash });
  }

  /** The user when the password matches, else undefined. */
  async verify(username: string, password: string): Promise<User | undefined> {
    const user = this.users.get(username);
    // Hash even for unknown users, so timing does not tell which usernames exist.
    const candidate = await hash(password, user?.salt ?? Buffer.alloc(16));
    if (!user || !timingSafeEqual(candidate, await user.passwordHash)) return undefined;
    return { username: user.username, roles: user.roles };
  }
}
