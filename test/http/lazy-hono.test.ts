// On Node, the native path serves the compiled routes without Hono: Hono and @hono/node-server
// (and Node's Fetch implementation) load only when the first request comes that the native path
// hands over (HEAD, a path no route matches), and the requests that arrive while they load are
// all answered as before.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { startRecordedApp, type RecordedApp } from '../telemetry/fixtures/recorded-app.js';

const test = suite('Hono loads on first need on Node');
// Every module of Hono and its Node adapter: the native path imports none of them.
const WATCHED_MODULES = String.raw`/node_modules/(?:hono/|@hono/node-server/)`;

/** Whether Node's own HTTP server loads undici as it listens (Node 24 does): then no app can avoid it. */
function nodeServerLoadsUndici(): boolean {
  const script =
    "const s = (await import('node:http')).createServer(); s.listen(0, '127.0.0.1', () => " +
    "{ process.stdout.write(String(process.moduleLoadList.some((name) => name.includes('undici')))); s.close(); });";
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }) === 'true';
}

const answer = async (app: RecordedApp, path: string, init?: RequestInit) => {
  const response = await fetch(`http://127.0.0.1:${app.port}${path}`, init);
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
};

test('compiled routes are served without loading Hono; the first fallback request loads it', async () => {
  // The native path whatever this suite runs under (the runner also runs test/http/ through Hono).
  const app = await startRecordedApp({ WATCHED_MODULES, FRAMEWORK_HTTP_ADAPTER: '' });
  try {
    assert.is((await answer(app, '/health')).status, 200);
    assert.is((await answer(app, '/info')).status, 200);
    assert.is((await answer(app, '/todo/1')).status, 403); // the guard's answer, on the native path
    assert.equal(app.loaded(), [], 'nothing of Hono is loaded by compiled routes');
    // Nor Node's Fetch implementation (undici), which plain answers never need.
    if (!nodeServerLoadsUndici()) assert.not.ok((await app.builtins()).some((name) => name.includes('undici')), 'undici is not loaded');

    // Several requests that only Hono serves, all sent while it loads: each gets its answer.
    const [missing, head, posted, ...more] = await Promise.all([
      answer(app, '/no/such/route'),
      answer(app, '/health', { method: 'HEAD' }),
      answer(app, '/no/such/route', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x'.repeat(100_000) }) }),
      ...Array.from({ length: 5 }, () => answer(app, '/still/missing')),
    ]);
    const notFound = { status: 404, type: 'application/json', body: JSON.stringify({ status: 404, name: 'NotFoundException', message: 'Not found' }) };
    assert.equal(missing, notFound);
    assert.equal(posted, notFound);
    for (const other of more) assert.equal(other, notFound);
    assert.equal(head, { status: 200, type: 'application/json', body: '' });
    assert.ok(app.loaded().some((url) => url.includes('/@hono/node-server/')), app.loaded().join('\n'));
    assert.ok(app.loaded().some((url) => url.includes('/hono/dist/hono-base.js')), app.loaded().join('\n'));
    assert.ok((await app.builtins()).some((name) => name.includes('undici')), 'Hono answers with Web Responses: undici is loaded now');
    // Served by the native path as before.
    assert.is((await answer(app, '/health')).status, 200);
  } finally {
    await app.stop();
  }
});

test('served by the web adapter alone (FRAMEWORK_HTTP_ADAPTER=web), Hono is loaded before listening', async () => {
  const app = await startRecordedApp({ WATCHED_MODULES, FRAMEWORK_HTTP_ADAPTER: 'web' });
  try {
    assert.ok(app.loaded().some((url) => url.includes('/@hono/node-server/')), app.loaded().join('\n'));
    assert.is((await answer(app, '/health')).status, 200);
  } finally {
    await app.stop();
  }
});

test.run();
