// Black-box contract of the runtime's server adapters, over fetch and a @grpc/grpc-js client,
// against the fixture app started in a child process: the same assertions for Deno and Node.
import { credentials, status as grpcStatus, type Client, type ServiceClientConstructor, type ServiceError } from '@grpc/grpc-js';
import { loadProto } from '@framework/grpc';
import { SignJWT } from 'jose';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { LaunchedServer } from '../launch.js';

/** The fixture's HS256 secret, given to it through JWT_SECRET. */
export const JWT_SECRET = 'deno-suite-secret-of-at-least-32-bytes';

interface Item {
  id: string;
  name: string;
  quantity: number;
}

type Unary = (request: object, callback: (error: ServiceError | null, reply: Item) => void) => void;
type ItemClient = Client & { GetItem: Unary; CreateItem: Unary };

const ItemService = loadProto(fileURLToPath(new URL('./fixtures/app/src/items.proto', import.meta.url))).items!.ItemService as unknown as ServiceClientConstructor;

function rpc(client: ItemClient, method: 'GetItem' | 'CreateItem', request: object): Promise<Item | ServiceError> {
  return new Promise((resolve) => client[method].call(client, request, (error, reply) => resolve(error ?? reply)));
}

function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
}

interface Context {
  server: LaunchedServer;
  client: ItemClient;
}

/**
 * Registers the suites for one runtime; `start` launches a fresh fixture process each time.
 *
 * @example
 * registerFixtureSuites('deno', () => launch(deno.path, [...denoRunFlags([proto]), main], { env: { JWT_SECRET } }));
 */
export function registerFixtureSuites(runtime: string, start: () => Promise<LaunchedServer>): void {
  const http = suite<Context>(`fixture app over HTTP (${runtime})`);
  const grpc = suite<Context>(`fixture app over gRPC (${runtime})`);
  const shutdown = suite<Context>(`fixture app shutdown (${runtime})`);

  for (const s of [http, grpc]) {
    s.before(async (context) => {
      context.server = await start();
      context.client = new ItemService(context.server.grpcAddress, credentials.createInsecure()) as unknown as ItemClient;
    });
    s.after(async ({ server, client }) => {
      client.close();
      await server.stop();
    });
  }

  http('a route answers JSON; a path parameter reads it back, with or without a trailing slash', async ({ server }) => {
    const created = await post(server.base, '/items', { name: 'bolt', quantity: 3 });
    assert.is(created.status, 200);
    assert.match(created.headers.get('content-type') ?? '', 'application/json');
    const item = (await created.json()) as Item;
    assert.equal(item, { id: item.id, name: 'bolt', quantity: 3 });
    for (const path of [`/items/${item.id}`, `/items/${item.id}/`]) assert.equal(await (await fetch(server.base + path)).json(), item);
  });

  http('a signed cookie set and read back, a typed cookie, a redirect and header versioning', async ({ server }) => {
    const signIn = await fetch(`${server.base}/browser/session`, { method: 'POST' });
    assert.is(signIn.status, 204);
    const [line] = signIn.headers.getSetCookie();
    assert.match(line ?? '', /^session=user-7\.[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = `${line!.split(';')[0]!}; visits=3`;
    assert.equal(await (await fetch(`${server.base}/browser/session`, { headers: { cookie } })).json(), { user: 'user-7', visits: 3 });
    assert.equal(await (await fetch(`${server.base}/browser/session`, { headers: { cookie: 'session=user-7.forged; visits=3' } })).json(), { user: null, visits: 3 });
    assert.is((await fetch(`${server.base}/browser/session`, { headers: { cookie: 'visits=many' } })).status, 400);
    const old = await fetch(`${server.base}/browser/old`, { redirect: 'manual' });
    assert.is(old.status, 308);
    assert.is(old.headers.get('location'), '/browser/session');
    assert.equal(await (await fetch(`${server.base}/browser/version`, { headers: { 'x-api-version': '2' } })).json(), { version: 2 });
    assert.equal(await (await fetch(`${server.base}/browser/version`, { headers: { 'x-api-version': '1' } })).json(), { version: 1 });
    assert.is((await fetch(`${server.base}/browser/version`)).status, 404);
  });

  http('an invalid body is a 400 naming each failed property', async ({ server }) => {
    const response = await post(server.base, '/items', { name: 7, quantity: -1 });
    assert.is(response.status, 400);
    const body = (await response.json()) as { name: string; reasons: { property: string }[] };
    assert.is(body.name, 'NotValidBodyException');
    assert.equal(body.reasons.map((r) => r.property), ['name', 'quantity']);
    assert.is((await post(server.base, '/items', '{"name": ')).status, 400);
  });

  http('an unknown route and an unknown id are 404s in the error shape', async ({ server }) => {
    for (const path of ['/nowhere', '/items/999']) {
      const response = await fetch(server.base + path);
      assert.is(response.status, 404, path);
      assert.equal(await response.json(), { status: 404, name: 'NotFoundException', message: 'Not found' });
    }
  });

  http('a body over 1 MiB is a 413, and the server keeps serving', async ({ server }) => {
    const response = await post(server.base, '/items', { name: 'x'.repeat(1024 * 1024 + 10), quantity: 1 });
    assert.is(response.status, 413);
    assert.is(((await response.json()) as { name: string }).name, 'BodyTooLargeException');
    assert.is((await fetch(`${server.base}/items/999`)).status, 404);
  });

  http('the JWT-guarded route refuses no or a bad token (403) and accepts tokens signed by the app or with its secret', async ({ server }) => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }] as Record<string, string>[]) {
      const refused = await fetch(`${server.base}/auth/me`, { headers });
      assert.is(refused.status, 403);
    }
    const issued = (await (await post(server.base, '/auth/token', { subject: 'ada' })).json()) as { access_token: string };
    const mine = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('grace').setExpirationTime('1h').sign(new TextEncoder().encode(JWT_SECRET));
    for (const [token, sub] of [[issued.access_token, 'ada'], [mine, 'grace']] as const) {
      const response = await fetch(`${server.base}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      assert.is(response.status, 200);
      assert.is(((await response.json()) as { sub: string }).sub, sub);
    }
  });

  http('responses carry rate-limit headers; over the limit is a 429 with Retry-After', async ({ server }) => {
    const item = await fetch(`${server.base}/items/999`);
    assert.is(item.headers.get('x-ratelimit-limit'), '100');
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await fetch(`${server.base}/probe/limited`));
    assert.equal(answers.map((r) => [r.status, r.headers.get('x-ratelimit-remaining')]), [[200, '1'], [200, '0'], [429, '0']]);
    const retryAfter = Number(answers[2]!.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);
  });

  http('the handler sees the peer address the server adapter reports', async ({ server }) => {
    const { address } = (await (await fetch(`${server.base}/probe/peer`)).json()) as { address: string };
    assert.ok(['127.0.0.1', '::ffff:127.0.0.1'].includes(address), address);
  });

  grpc('a unary call answers; an item created over gRPC is read over HTTP, and the reverse', async ({ server, client }) => {
    const created = (await rpc(client, 'CreateItem', { name: 'nut', quantity: 9 })) as Item;
    assert.equal(created, { id: created.id, name: 'nut', quantity: 9 });
    assert.equal(await (await fetch(`${server.base}/items/${created.id}`)).json(), created);
    const overHttp = (await (await post(server.base, '/items', { name: 'gear', quantity: 2 })).json()) as Item;
    assert.equal(await rpc(client, 'GetItem', { id: overHttp.id }), overHttp);
  });

  grpc('an unknown id is NOT_FOUND: the exception maps to its gRPC status', async ({ client }) => {
    const error = (await rpc(client, 'GetItem', { id: 'missing' })) as ServiceError;
    assert.is(error.code, grpcStatus.NOT_FOUND);
    assert.is(error.details, 'Not found');
  });

  shutdown('SIGTERM lets the in-flight call finish, then both servers stop and the process exits 0', async () => {
    const server = await start();
    const slow = fetch(`${server.base}/probe/slow?ms=600`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stopped = server.stop();
    const response = await slow;
    assert.is(response.status, 200);
    assert.is(await response.text(), 'slept 600');
    await stopped;
    assert.is(await server.exited, 0, server.output());
    assert.match(server.output(), /closing\s+closed/);
    let refused = false;
    await fetch(`${server.base}/items/1`).catch(() => (refused = true));
    assert.ok(refused, 'no new connection after shutdown');
  });

  http.run();
  grpc.run();
  shutdown.run();
}
