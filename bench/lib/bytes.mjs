// What the files-and-bytes rows serve: a 1 KiB and a 1 MiB file, and a self-signed certificate,
// in a temporary folder named to the servers through the environment they inherit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Writes the files and the certificate and sets `BENCH_STATIC_DIR`, `BENCH_TLS_KEY_FILE` and
 * `BENCH_TLS_CERT_FILE` in this process's environment (the servers started after inherit them).
 *
 * @example
 * const bytes = prepareBytes(); … bytes.remove();
 */
export function prepareBytes() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bytes-'));
  const files = join(dir, 'static');
  execFileSync('mkdir', ['-p', files]);
  writeFileSync(join(files, '1k.bin'), Buffer.alloc(1024, 7));
  writeFileSync(join(files, '1m.bin'), Buffer.alloc(1024 * 1024, 7));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  Object.assign(process.env, { BENCH_STATIC_DIR: files, BENCH_TLS_KEY_FILE: key, BENCH_TLS_CERT_FILE: cert });
  return { remove: () => rmSync(dir, { recursive: true, force: true }) };
}
