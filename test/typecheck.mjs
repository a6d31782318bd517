// The type check of the suites, their helpers and fixtures, and the examples (test/tsconfig.json):
// tsx strips types without checking them, so `npm test` runs this once before any suite. A type
// error is one failed check, printed like a failed suite.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url).pathname;
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/**
 * Runs `tsc --noEmit -p test` with this process's Node.
 *
 * @example
 * const check = await typeCheck(); // { file: 'tsc --noEmit -p test', passed: 1, failed: 0, output: '', seconds: 21.4 }
 */
export function typeCheck() {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', 'test'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const ok = code === 0;
      resolve({ file: 'tsc --noEmit -p test', passed: ok ? 1 : 0, failed: ok ? 0 : 1, output, seconds: (performance.now() - started) / 1000 });
    });
  });
}
