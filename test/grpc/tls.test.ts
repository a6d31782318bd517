import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerCredentials, status } from '@framework/grpc';
import { credentials } from '@grpc/grpc-js';
import { failure, todoClient, unary } from './fixtures/clients.js';
import { startApp, type StartedApp } from './fixtures/harness.js';
import type { Todo } from './fixtures/protos.js';

/** A throw-away self-signed certificate for localhost / 127.0.0.1. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'grpc-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const test = suite<{ started: StartedApp; cert: Buffer }>('TLS through server credentials');

test.before(async (context) => {
  const { key, cert } = selfSignedCertificate();
  context.cert = cert;
  context.started = await startApp({ credentials: ServerCredentials.createSsl(null, [{ private_key: key, cert_chain: cert }], false) });
});
test.after(async ({ started }) => {
  await started.stop();
});

test('a client trusting the certificate calls the server over TLS', async ({ started, cert }) => {
  const client = todoClient(started.grpcPort, credentials.createSsl(cert), { 'grpc.ssl_target_name_override': 'localhost' });
  try {
    const { response: created } = await unary<Todo>(client, 'CreateTodo', { title: 'secure' });
    const { response } = await unary<Todo>(client, 'GetTodo', { id: created.id });
    assert.is(response.title, 'secure');
  } finally {
    client.close();
  }
});

test('a plaintext client cannot talk to the TLS port', async ({ started }) => {
  const client = todoClient(started.grpcPort);
  try {
    const error = await failure(unary(client, 'GetTodo', { id: '1' }, undefined, { deadline: Date.now() + 2000 }));
    assert.ok([status.UNAVAILABLE, status.DEADLINE_EXCEEDED, status.INTERNAL].includes(error.code), `code ${error.code}: ${error.details}`);
  } finally {
    client.close();
  }
});

test.run();
