// An application that observes nothing (no OpenTelemetry SDK registered, no request log) never
// loads @opentelemetry/api or pino: it starts and serves as if the instrumentation did not exist.
// The same app with its request log on loads both (so the check can see them).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';

const test = suite('what an unobserved application loads');
const fixtures = new URL('./fixtures/', import.meta.url).pathname;

/** Starts the example in a child process, answers a few requests, and lists the watched modules it loaded. */
async function loadedModules(env: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'unobserved-'));
  const log = join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', join(fixtures, 'record-loads.mjs'), join(fixtures, 'plain-todo.ts')], {
    env: { ...process.env, ...env, LOADED_MODULES: log, OTEL_SDK_DISABLED: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let output = '';
    child.stdout.setEncoding('utf8');
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        const match = /listening (\d+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the app exited (${code}) before listening: ${output}`)));
    });
    for (const path of ['/todo', '/todo/1', '/no/such/route']) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      await response.arrayBuffer();
      assert.ok(response.status < 500, `${path} answered ${response.status}`);
    }
    return readFileSync(log, 'utf8').split('\n').filter(Boolean);
  } finally {
    child.kill();
    if (child.exitCode === null) await once(child, 'exit');
    rmSync(dir, { recursive: true, force: true });
  }
}

test('with no SDK and no request log, neither @opentelemetry/api nor pino is loaded', async () => {
  assert.equal(await loadedModules({}), []);
});

test('with the request log on, both are loaded (the check sees them)', async () => {
  const loaded = await loadedModules({ REQUEST_LOG: '1' });
  assert.ok(loaded.some((url) => url.includes('/node_modules/pino/')), loaded.join('\n'));
  assert.ok(loaded.some((url) => url.includes('/node_modules/@opentelemetry/api/')), loaded.join('\n'));
});

test.run();
