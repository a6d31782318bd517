import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
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
  readonly passwordHash: Buffer;
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
    const password = config.get('DEMO_PASSWORD');
    // Once, at start-up, so synchronously.
    this.users.set('demo', { username: 'demo', roles: ['user'], salt, passwordHash: scryptSync(password, salt, KEY_LENGTH) });
  }

  /** The user when the password matches, else undefined. */
  async verify(username: string, password: string): Promise<User | undefined> {
    const user = this.users.get(username);
    // Hash even for unknown users, so timing does not tell which usernames exist.
    const candidate = await hash(password, user?.salt ?? Buffer.alloc(16));
    if (!user || !timingSafeEqual(candidate, user.passwordHash)) return undefined;
    return { username: user.username, roles: user.roles };
  }
}
