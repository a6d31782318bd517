// The todo example's end-to-end contract (test/e2e/todo-suite.ts) under Deno, started with exactly
// the `deno run …` command of `npm run start:deno` (after its build step, which `npm test` did);
// and its browser-facing contract (test/e2e/todo-browser-suite.ts: CORS, security headers, the
// session cookie and its CSRF check) under Deno and under Node, the same assertions on both.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CORS_ORIGINS, registerTodoBrowserSuite } from '../e2e/todo-browser-suite.js';
import { registerTodoSuites } from '../e2e/todo-suite.js';
import { denoExecutable, launch } from '../launch.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const script = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts['start:deno']!;
const [program, ...args] = script.split('&&').at(-1)!.trim().split(/\s+/);
if (program !== 'deno') throw new Error(`start:deno should end with a \`deno run …\` command, not: ${script}`);
const main = args.at(-1)!;
const JWT_SECRET = 'e2e-secret-of-at-least-thirty-two-bytes';

const deno = denoExecutable();
if ('reason' in deno) console.log(`skipped the todo example under Deno: ${deno.reason}`);
else {
  registerTodoSuites('deno, as npm run start:deno', () => launch(deno.path, args, { cwd: root, env: { JWT_SECRET } }));
  registerTodoBrowserSuite('deno, as npm run start:deno', () => launch(deno.path, args, { cwd: root, env: { JWT_SECRET, CORS_ORIGINS } }));
}
registerTodoBrowserSuite('node, compiled by tsc', () => launch(process.execPath, [main], { cwd: root, env: { JWT_SECRET, CORS_ORIGINS } }));
