// On Node, the node adapter serves every request without Hono: no module of Hono or
// @hono/node-server (nor Node's Fetch implementation) loads, whatever the request. Only
// FRAMEWORK_HTTP_ADAPTER=web, which serves Node's requests through the web adapter, loads
// @hono/node-server's bridge.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { startRecordedApp, type RecordedApp } from '../telemetry/fixtures/recorded-app.js';

const test = suite('no Hono on Node');
// Every module of Hono and its Node adapter: the node adapter imports none of them.
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

/** The status of a GET whose target is sent as written (fetch would resolve its dot segments first). */
const rawStatus = (app: RecordedApp, path: string) =>
  new Promise<number>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: app.port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });

test('every request is served without loading Hono: routes, HEAD, 404, 405, unusual URLs', async () => {
  // The node adapter whatever this suite runs under (the runner also runs test/http/ on the web adapter).
  const app = await startRecordedApp({ WATCHED_MODULES, FRAMEWORK_HTTP_ADAPTER: '' });
  try {
    assert.is((await answer(app, '/health')).status, 200);
    assert.is((await answer(app, '/info')).status, 200);
    assert.is((await answer(app, '/todo/1')).status, 403); // the guard's answer
    const notFound = { status: 404, type: 'application/json', body: JSON.stringify({ status: 404, name: 'NotFoundException', message: 'Not found' }) };
    // What Hono used to serve on Node: unmatched paths (with and without a body), HEAD, URLs to normalise.
    const [missing, head, posted, dotted, escaped, deleted] = await Promise.all([
      answer(app, '/no/such/route'),
      answer(app, '/health', { method: 'HEAD' }),
      answer(app, '/no/such/route', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'x'.repeat(100_000) }) }),
      rawStatus(app, '/no/../health'),
      answer(app, '/%68ealth'),
      answer(app, '/health', { method: 'DELETE' }),
    ]);
    assert.equal(missing, notFound);
    assert.equal(posted, notFound);
    assert.equal(head, { status: 200, type: 'application/json', body: '' });
    assert.is(dotted, 200);
    assert.is(escaped.status, 200);
    assert.is(deleted.status, 405);
    assert.equal(app.loaded(), [], app.loaded().join('\n'));
    // Nor Node's Fetch implementation (undici), which plain answers never need.
    if (!nodeServerLoadsUndici()) assert.not.ok((await app.builtins()).some((name) => name.includes('undici')), 'undici is not loaded');
  } finally {
    await app.stop();
  }
});

test('served by the web adapter alone (FRAMEWORK_HTTP_ADAPTER=web), its bridge is loaded before listening', async () => {
  const app = await startRecordedApp({ WATCHED_MODULES, FRAMEWORK_HTTP_ADAPTER: 'web' });
  try {
    assert.ok(app.loaded().some((url) => url.includes('/@hono/node-server/')), app.loaded().join('\n'));
    assert.is((await answer(app, '/health')).status, 200);
  } finally {
    await app.stop();
  }
});

test.run();
