// app.listen({ tls }) on Deno: the todo example started with the `deno run …` command of
// `npm run start:deno` (its files readable), TLS_CERT_FILE and TLS_KEY_FILE set to a self-signed
// certificate made here by the openssl CLI. Deno.serve negotiates HTTP/2 or HTTP/1.1 by ALPN, as
// Node does: curl --http2 gets HTTP/2, curl --http1.1 HTTP/1.1, both with HSTS (an answer over TLS).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { denoExecutable, launch, type LaunchedServer } from '../launch.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const script = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts['start:deno']!;
const [, ...args] = script.split('&&').at(-1)!.trim().split(/\s+/);
const place = mkdtempSync(path.join(tmpdir(), 'framework-deno-tls-'));
const keyFile = path.join(place, 'key.pem');
const certFile = path.join(place, 'cert.pem');
const run = promisify(execFile);

/** curl's body, the protocol it spoke and the answer's headers. */
async function curl(...options: string[]): Promise<{ body: string; version: string; headers: string }> {
  const { stdout } = await run('curl', ['-sS', '--cacert', certFile, '--max-time', '10', '-D', '-', '-w', '\n%{http_version}', ...options], { encoding: 'utf8' });
  const [headers, rest] = [stdout.slice(0, stdout.indexOf('\r\n\r\n')), stdout.slice(stdout.indexOf('\r\n\r\n') + 4)];
  const at = rest.lastIndexOf('\n');
  return { headers: headers.toLowerCase(), body: rest.slice(0, at), version: rest.slice(at + 1) };
}

const test = suite<{ server: LaunchedServer }>('app.listen({ tls }) on Deno');
const deno = denoExecutable();

test.before(async (context) => {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  // The start command's own read permissions, and the two certificate files.
  const flags = args.map((flag) => (flag.startsWith('--allow-read=') ? `${flag},${keyFile},${certFile}` : flag));
  context.server = await launch((deno as { path: string }).path, flags, { cwd: root, env: { JWT_SECRET: 'deno-tls-secret-of-at-least-32-bytes', HOST: '127.0.0.1', TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile } });
});

test.after(async ({ server }) => {
  await server?.stop();
  rmSync(place, { recursive: true, force: true });
});

test('it says it serves HTTPS, and answers HTTP/2 and HTTP/1.1 on the one port, with HSTS', async ({ server }) => {
  assert.match(server.output(), /HTTP on https:\/\/127\.0\.0\.1:\d+ \(HTTP\/2 and HTTP\/1\.1\)/);
  assert.ok(server.base.startsWith('https://'), server.base);
  for (const [flag, version] of [['--http2', '2'], ['--http1.1', '1.1']] as const) {
    const answer = await curl(flag, `${server.base}/health`);
    assert.is(answer.version, version, flag);
    assert.match(answer.body, '"status":"ok"', flag);
    assert.match(answer.headers, 'strict-transport-security: max-age=', flag);
  }
  // A refusal, the todo list's guard, over HTTP/2 too.
  const refused = await curl('--http2', `${server.base}/todo`);
  assert.is(refused.version, '2');
  assert.match(refused.headers, /^http\/2 403/);
});

if ('reason' in deno) console.log(`skipped TLS on Deno: ${deno.reason}`);
else test.run();
