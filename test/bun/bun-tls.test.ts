// app.listen({ tls }) on Bun: the todo example's Bun bundle (as test/bun/bun-http.test.ts builds
// it) started with TLS_CERT_FILE and TLS_KEY_FILE naming a self-signed certificate made here by the
// openssl CLI. Bun.serve speaks HTTPS over HTTP/1.1 (it negotiates no HTTP/2, so a client asking
// for h2 by ALPN gets HTTP/1.1), with HSTS on its answers as over TLS on Node.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { launch, type LaunchedServer } from '../launch.js';
import { ensureBun } from '../provision/bun.mjs';

const entry = fileURLToPath(new URL('./fixtures/http-main.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'framework-bun-tls-'));
const keyFile = path.join(dir, 'key.pem');
const certFile = path.join(dir, 'cert.pem');
const run = promisify(execFile);

/** curl's body, the protocol it spoke and the answer's headers (lower case). */
async function curl(...options: string[]): Promise<{ body: string; version: string; headers: string }> {
  const { stdout } = await run('curl', ['-sS', '--cacert', certFile, '--max-time', '10', '-D', '-', '-w', '\n%{http_version}', ...options], { encoding: 'utf8' });
  const end = stdout.indexOf('\r\n\r\n');
  const rest = stdout.slice(end + 4);
  const at = rest.lastIndexOf('\n');
  return { headers: stdout.slice(0, end).toLowerCase(), body: rest.slice(0, at), version: rest.slice(at + 1) };
}

const test = suite<{ server: LaunchedServer }>('app.listen({ tls }) on Bun');

test.before(async (context) => {
  const runtime = ensureBun();
  if (!runtime.ok) throw new Error(runtime.message);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const bundle = await bundleApp({ entry, outDir: path.join(dir, 'bun'), target: 'bun' });
  context.server = await launch(runtime.path!, [bundle.file], {
    cwd: path.dirname(bundle.file),
    env: { JWT_SECRET: 'bun-tls-secret-of-at-least-32-bytes!', TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile },
    readyWithinMs: 30_000,
  });
});

test.after(async ({ server }) => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('it serves HTTPS with HSTS; a client offering h2 gets HTTP/1.1', async ({ server }) => {
  assert.match(server.output(), /todo example on Bun: HTTP on https:\/\/127\.0\.0\.1:\d+/);
  for (const flag of ['--http1.1', '--http2']) {
    const answer = await curl(flag, `${server.base}/health`);
    assert.is(answer.version, '1.1', flag);
    assert.match(answer.body, '"status":"ok"', flag);
    assert.match(answer.headers, 'strict-transport-security: max-age=', flag);
  }
  const refused = await curl(`${server.base}/todo`);
  assert.match(refused.headers, /^http\/1\.1 403/);
});

test('plain HTTP to the TLS port is not answered as HTTP', async ({ server }) => {
  const plain = await fetch(server.base.replace('https:', 'http:') + '/health').then((r) => r.status, () => 'refused');
  assert.is.not(plain, 200);
});

test.run();
