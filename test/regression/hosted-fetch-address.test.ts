// Regression: a server hosting `app.fetch` itself (`Deno.serve(app.fetch)`, `serve({ fetch: app.fetch })`
// of @hono/node-server, Bun) passes its own env, without the `remoteAddress()` of ServerBindings,
// and every throttled request without proxy headers failed with a 500 (`remoteAddress is not a
// function`). The address is now read from those servers' own shapes, else ''.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/hosted-fetch-address/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/hosted-fetch-address/', import.meta.url));
const logged: unknown[] = [];
const logger: Logger = { error: (message) => void logged.push(message), warn: () => undefined, log: () => undefined };
const app = await new FrameworkApplication(tables, { logger }).init(AppModule);

/** Asks `/peer` in process with the env a server would pass; answers status and address. */
async function askWith(env: unknown): Promise<{ status: number; address?: string }> {
  const response = await (app.fetch as (request: Request, env: unknown) => Response | Promise<Response>)(new Request('http://hosted/peer'), env);
  return { status: response.status, ...(response.status === 200 ? ((await response.json()) as { address: string }) : {}) };
}

test('served by @hono/node-server directly: the socket address', async () => {
  // As a user writes it; the cast only bridges the declared type of app.fetch's second parameter
  // (ServerBindings), which does not admit @hono/node-server's env.
  const server = serve({ fetch: app.fetch as unknown as Parameters<typeof serve>[0]['fetch'], port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/peer`);
    assert.is(response.status, 200);
    assert.match(((await response.json()) as { address: string }).address, /127\.0\.0\.1$/);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test("Deno.serve(app.fetch): the serve info's remoteAddr, each address with its own budget", async () => {
  const info = (hostname: string) => ({ remoteAddr: { transport: 'tcp', hostname, port: 52100 }, completed: Promise.resolve() });
  assert.equal(await askWith(info('203.0.113.7')), { status: 200, address: '203.0.113.7' });
  assert.equal(await askWith(info('203.0.113.7')), { status: 429 });
  assert.equal(await askWith(info('203.0.113.8')), { status: 200, address: '203.0.113.8' });
});

test("Bun.serve({ fetch: app.fetch }): the server's requestIP(request)", async () => {
  const server = { requestIP: (request: Request) => (request.url === 'http://hosted/peer' ? { address: '198.51.100.4', family: 'IPv4', port: 40000 } : null) };
  assert.equal(await askWith(server), { status: 200, address: '198.51.100.4' });
});

test('an env of another shape: the empty address, not a 500', async () => {
  assert.equal(await askWith({ SOME_BINDING: 'value' }), { status: 200, address: '' });
  assert.equal(logged, []);
});

test.after(() => app.close());
test.run();
