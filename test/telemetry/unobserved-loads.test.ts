// An application that observes nothing (no OpenTelemetry SDK registered, no request log) never
// loads @opentelemetry/api or pino: it starts and serves as if the instrumentation did not exist.
// With its request log on, pino is loaded by the first line at an enabled level (so the check can
// see it), and @opentelemetry/api still is not: only a registered SDK needs it.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startRecordedApp } from './fixtures/recorded-app.js';

const test = suite('what an unobserved application loads');

/** Starts the example in a child process, answers a few requests, and lists the watched modules it loaded. */
async function loadedModules(env: Record<string, string>): Promise<string[]> {
  const app = await startRecordedApp(env);
  try {
    for (const path of ['/todo', '/todo/1', '/no/such/route']) {
      const response = await fetch(`http://127.0.0.1:${app.port}${path}`);
      await response.arrayBuffer();
      assert.ok(response.status < 500, `${path} answered ${response.status}`);
    }
    return app.loaded();
  } finally {
    await app.stop();
  }
}

test('with no SDK and no request log, neither @opentelemetry/api nor pino is loaded', async () => {
  assert.equal(await loadedModules({}), []);
});

test('with the request log at info, pino is loaded by the first line; @opentelemetry/api is not', async () => {
  const loaded = await loadedModules({ REQUEST_LOG: 'info' });
  assert.ok(loaded.some((url) => url.includes('/node_modules/pino/')), loaded.join('\n'));
  assert.not.ok(loaded.some((url) => url.includes('/node_modules/@opentelemetry/api/')), loaded.join('\n'));
});

test('with the request log at silent, no line is written and pino is never loaded', async () => {
  assert.equal(await loadedModules({ REQUEST_LOG: '1' }), []);
});

test.run();
