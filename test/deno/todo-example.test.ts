// The todo example's end-to-end contract (test/e2e/todo-suite.ts) under Deno, started with exactly
// the `deno run …` command of `npm run start:deno` (after its build step, which `npm test` did).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { registerTodoSuites } from '../e2e/todo-suite.js';
import { denoExecutable, launch } from '../launch.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const script = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts['start:deno']!;
const [program, ...args] = script.split('&&').at(-1)!.trim().split(/\s+/);
if (program !== 'deno') throw new Error(`start:deno should end with a \`deno run …\` command, not: ${script}`);

const deno = denoExecutable();
if ('reason' in deno) console.log(`skipped the todo example under Deno: ${deno.reason}`);
else {
  registerTodoSuites('deno, as npm run start:deno', () =>
    launch(deno.path, args, { cwd: root, env: { JWT_SECRET: 'e2e-secret-of-at-least-thirty-two-bytes' } }),
  );
}
