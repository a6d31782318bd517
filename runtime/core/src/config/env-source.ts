import { readFileSync } from 'node:fs';
import { parse } from 'dotenv';

interface EnvironmentHost {
  process?: { env?: Record<string, string | undefined> };
  Deno?: { env: { toObject(): Record<string, string> } };
}

/** The process environment on Node and on Deno. */
export function processEnv(): Record<string, string | undefined> {
  const host = globalThis as EnvironmentHost;
  return host.process?.env ?? host.Deno?.env.toObject() ?? {};
}

/**
 * The variables of a `.env` file, read with dotenv's parser; `{}` when the file does not exist
 * (a deployment sets the real environment instead). Any other read error stops the start.
 *
 * @example
 * readEnvFile('.env') // { PORT: '3000' }
 */
export function readEnvFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    // Deno without read permission for it: say which flag, or how not to read it.
    const hint = (error as Error).name === 'NotCapable' || (error as Error).name === 'PermissionDenied' ? ' (on Deno, add it to --allow-read, or pass envFilePath: false)' : '';
    throw new Error(`Cannot read the configuration file ${path}: ${(error as Error).message}${hint}`, { cause: error });
  }
  return parse(text);
}
