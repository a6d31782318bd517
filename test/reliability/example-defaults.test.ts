// Defaults a security review would sign, on the example: reflection and the docs page are off
// unless configured, the servers bind loopback unless HOST says otherwise, the docs page sends a
// Content-Security-Policy, nosniff and no-framing headers and serves only its allowed files
// (`/docs/assets/constructor` opened a file of that name), and a port already taken stops the
// start with one line, not a stack trace.
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { credentials, loadPackageDefinition } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { launch } from '../launch.js';
import { startExample } from './fixtures/example.js';

const main = fileURLToPath(new URL('../../examples/todo/dist/examples/todo/src/main.js', import.meta.url));
const reflectionProto = fileURLToPath(new URL('../../node_modules/@grpc/reflection/build/proto/grpc/reflection/v1/reflection.proto', import.meta.url));

test('by default: no docs page, no gRPC reflection', async () => {
  delete process.env.DOCS;
  delete process.env.GRPC_REFLECTION;
  const example = await startExample();
  try {
    assert.is((await fetch(`${example.base}/docs`)).status, 404);
    const Reflection = (loadPackageDefinition(loadSync(reflectionProto)) as any).grpc.reflection.v1.ServerReflection;
    const client = new Reflection(example.grpcAddress, credentials.createInsecure());
    const code = await new Promise<number>((resolve) => {
      const call = client.ServerReflectionInfo();
      call.on('error', (error: { code: number }) => resolve(error.code));
      call.on('data', () => resolve(0));
      call.write({ list_services: '' });
    });
    client.close();
    assert.is(code, 12, 'UNIMPLEMENTED: reflection is not served');
  } finally {
    await example.close();
  }
});

test('DOCS=true: the page and its files carry security headers; only the allowed files are served', async () => {
  process.env.DOCS = 'true';
  const example = await startExample();
  try {
    for (const path of ['/docs', '/docs/openapi.json', '/docs/reference.js', '/docs/assets/swagger-ui.css', '/docs/assets/constructor']) {
      const response = await fetch(`${example.base}${path}`);
      await response.arrayBuffer();
      assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'; script-src 'self';.*frame-ancestors 'none'/, path);
      assert.is(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.is(response.headers.get('x-frame-options'), 'DENY', path);
    }
    for (const file of ['constructor', '__proto__', 'toString', 'hasOwnProperty', '..%2Fpackage.json', 'package.json']) {
      assert.is((await fetch(`${example.base}/docs/assets/${file}`)).status, 404, file);
    }
  } finally {
    delete process.env.DOCS;
    await example.close();
  }
});

/** What the example prints when it cannot start (one that starts is stopped, and fails the test). */
const failedStart = (env: Record<string, string>): Promise<string> =>
  launch(process.execPath, [main], { readyWithinMs: 60_000, env }).then(
    async (server): Promise<never> => {
      await server.stop();
      throw new Error('the start should fail');
    },
    (failure: Error) => failure.message,
  );

test('the compiled example binds loopback unless HOST is set, and a port already taken is one line, for HTTP and for gRPC', async () => {
  const server = await launch(process.execPath, [main], { readyWithinMs: 60_000, env: { JWT_SECRET: 'defaults-secret-of-at-least-32-bytes!' } });
  try {
    assert.match(server.output(), /HTTP on http:\/\/127\.0\.0\.1:\d+, gRPC on 127\.0\.0\.1:\d+/);
  } finally {
    await server.stop();
  }
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  const port = (taken.address() as { port: number }).port;
  try {
    const error = await failedStart({ PORT: String(port), JWT_SECRET: 'defaults-secret-of-at-least-32-bytes!' });
    const output = error.slice(error.indexOf('\n') + 1).trim();
    assert.is(output, `todo example: cannot start. 127.0.0.1:${port} is already in use (PORT); stop the process using it or set PORT to another port.`);
    // gRPC likewise: one line, nothing from grpc-js's own logger before it.
    const grpcError = await failedStart({ GRPC_PORT: String(port), JWT_SECRET: 'defaults-secret-of-at-least-32-bytes!' });
    const grpcOutput = grpcError.slice(grpcError.indexOf('\n') + 1).trim();
    assert.is(grpcOutput, `todo example: cannot start. 127.0.0.1:${port} is already in use (GRPC_PORT); stop the process using it or set GRPC_PORT to another port.`);
  } finally {
    taken.close();
  }
});

test.run();
