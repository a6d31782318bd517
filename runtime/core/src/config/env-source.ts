import { existsSync, readFileSync } from 'node:fs';

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
 * (a deployment sets the real environment instead). Any other read error stops the start, and so
 * does an unquoted value with a `#` inside (`JWT_SECRET=abc#def`), which dotenv cuts into a
 * comment: the error names the line and says to quote the value (without repeating it).
 *
 * dotenv is loaded only when there is a file to parse: a deployment that sets the real
 * environment does not evaluate it (nor Node's `os`, which it requires) at start.
 *
 * @example
 * await readEnvFile('.env') // { PORT: '3000' }
 */
export async function readEnvFile(path: string): Promise<Record<string, string>> {
  let text: string;
  try {
    // Most deployments have no file: asking first spares every start a thrown ENOENT error and its stack.
    if (!existsSync(path)) return {};
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    // Deno without read permission for it: say which flag, or how not to read it.
    const hint = (error as Error).name === 'NotCapable' || (error as Error).name === 'PermissionDenied' ? ' (on Deno, add it to --allow-read, or pass envFilePath: false)' : '';
    throw new Error(`Cannot read the configuration file ${path}: ${(error as Error).message}${hint}`, { cause: error });
  }
  const { parse } = await import('dotenv');
  const values = parse(text);
  const cut = cutByComment(text, values);
  if (cut) throw new Error(`${path}:${cut.line}: the value of ${cut.name} contains '#' outside quotes, which starts a comment: it would read as its first ${cut.kept} characters only. Put the value in quotes: ${cut.name}="…".`);
  return values;
}

/** `KEY=value` lines, for the `#` check: the key and the unquoted value as written. */
const assignment = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)$/;

/**
 * The first variable whose unquoted value holds a `#` that is not preceded by a space, which
 * dotenv takes for the start of a comment (a value cut short, where `KEY=value # note` is a
 * deliberate comment).
 */
function cutByComment(text: string, values: Record<string, string>): { line: number; name: string; kept: number } | undefined {
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const match = assignment.exec(line);
    if (!match) continue;
    const [, name, raw] = match as unknown as [string, string, string];
    if (/^['"`]/.test(raw)) continue;
    const hash = raw.indexOf('#');
    if (hash > 0 && !/\s/.test(raw[hash - 1]!) && values[name] === raw.slice(0, hash).trim()) return { line: index + 1, name, kept: hash };
  }
  return undefined;
}
