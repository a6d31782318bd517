import type { Logger } from '../types/logger.js';

interface EnvironmentHost {
  process?: { env?: Record<string, string | undefined> };
  Deno?: { env: { get(name: string): string | undefined } };
}

/** Reads an environment variable on Node and on Deno (which needs `--allow-env`). */
function readEnv(name: string): string | undefined {
  const host = globalThis as EnvironmentHost;
  return host.process?.env?.[name] ?? host.Deno?.env.get(name);
}

/**
 * The HS256 secret from the environment variable `name`. When it is unset or empty, a random
 * 32-byte secret is generated for this process and a warning is logged: tokens then stop
 * working on restart and are not shared by several instances. There is deliberately no fixed
 * fallback secret, since a known secret lets anyone mint tokens.
 *
 * @example
 * JwtModule.forRoot({ secret: jwtSecretFromEnv() })
 * JwtModule.forRoot({ secret: jwtSecretFromEnv('AUTH_SECRET', logger) })
 */
export function jwtSecretFromEnv(name = 'JWT_SECRET', logger: Pick<Logger, 'warn'> = console): string | Uint8Array {
  const value = readEnv(name);
  if (value) return value;
  logger.warn(
    `${name} is not set: signing JWTs with a random secret generated for this process. ` +
      `Tokens will not survive a restart and are not accepted by other instances; set ${name} to at least 32 random bytes ` +
      '(e.g. `openssl rand -base64 32`).',
  );
  return crypto.getRandomValues(new Uint8Array(32));
}
