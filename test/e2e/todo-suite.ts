import { status as grpcStatus, type ServiceError } from '@grpc/grpc-js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, todoClient, type TodoMessage } from './grpc-client.js';

/** A running todo example, however it was started (`LaunchedServer` of test/launch.ts fits). */
export interface RunningExample {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  /** `127.0.0.1:<port>` of the gRPC server. */
  readonly grpcAddress: string;
  stop(): Promise<void>;
  /** Serves HTTP requests in process instead of over `base` (`TestingModule.request`). */
  readonly request?: (path: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;
}

/** In-process servers by their `base`, so `send` reaches them without a socket. */
const inProcess = new Map<string, NonNullable<RunningExample['request']>>();

interface Context {
  example: RunningExample;
  token: string;
}

function send(base: string, method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const request = inProcess.get(base);
  return request ? request(path, { method, headers, body }) : fetch(base + path, { method, headers, body });
}

const valid = { name: 'write the spec', priority: 2, colorLabel: '#ff8800' };

/**
 * The black-box contract of the todo example, run against any way of starting it (in process,
 * compiled with tsc in a child process, under Deno).
 *
 * @example
 * registerTodoSuites('node, in process', startInProcess);
 */
export function registerTodoSuites(runtime: string, start: () => Promise<RunningExample>): void {
  const http = suite<Context>(`todo example over HTTP (${runtime})`);
  const grpc = suite<Context>(`todo example over gRPC (${runtime})`);

  for (const s of [http, grpc]) {
    s.before(async (context) => {
      context.example = await start();
      if (context.example.request) inProcess.set(context.example.base, context.example.request);
      const login = await send(context.example.base, 'POST', '/auth/login', { body: { username: 'demo', password: 'demo' } });
      assert.is(login.status, 200, 'the demo user logs in');
      context.token = ((await login.json()) as { access_token: string }).access_token;
    });
    s.after(async (context) => context.example.stop());
  }

  http('GET /health/ is public, unthrottled and answers { status: "ok" } with or without the slash', async ({ example }) => {
    for (const path of ['/health/', '/health']) {
      const response = await send(example.base, 'GET', path);
      assert.is(response.status, 200);
      assert.equal(await response.json(), { status: 'ok' });
      assert.is(response.headers.get('x-ratelimit-limit'), null);
    }
  });

  http('GET /health/live and /health/ready (HealthModule) answer 200 with the documented JSON, never cached, never throttled', async ({ example }) => {
    for (const path of ['/health/live', '/health/ready']) {
      const response = await send(example.base, 'GET', path);
      assert.is(response.status, 200, path);
      assert.equal(await response.json(), { status: 'up', checks: {} });
      assert.is(response.headers.get('cache-control'), 'no-store');
      assert.is(response.headers.get('x-ratelimit-limit'), null);
    }
  });

  http('every /todo route requires a valid bearer token (403 otherwise)', async ({ example, token }) => {
    const forbidden = { status: 403, name: 'ForbiddenException', message: 'Forbidden' };
    const attempts: Record<string, string>[] = [{}, { authorization: `Basic ${btoa('demo:demo')}` }, { authorization: 'Bearer ' }, { authorization: `Bearer ${token}x` }];
    for (const headers of attempts) {
      const response = await send(example.base, 'GET', '/todo', { headers });
      assert.is(response.status, 403);
      assert.equal(await response.json(), forbidden);
    }
    assert.is((await send(example.base, 'DELETE', '/todo/1')).status, 403);
  });

  http('GET /auth/login explains how to log in; wrong credentials are a 401, a bad body a 400', async ({ example }) => {
    const help = await send(example.base, 'GET', '/auth/login');
    assert.is(help.status, 200);
    assert.match(await help.text(), 'POST /auth/login');
    const wrong = await send(example.base, 'POST', '/auth/login', { body: { username: 'demo', password: 'nope' } });
    assert.is(wrong.status, 401);
    assert.equal(await wrong.json(), { status: 401, name: 'UnauthorizedException', message: 'Unauthorized' });
    const invalid = await send(example.base, 'POST', '/auth/login', { body: { username: 'demo' } });
    assert.is(invalid.status, 400);
    assert.equal(((await invalid.json()) as { reasons: { property: string }[] }).reasons.map((r) => r.property), ['password', 'password', 'password']);
  });

  http('POST /todo creates a todo whose title is the name; GET /todo lists it', async ({ example, token }) => {
    const response = await send(example.base, 'POST', '/todo', { body: valid, token });
    assert.is(response.status, 200);
    const todo = (await response.json()) as Record<string, unknown>;
    assert.type(todo.id, 'string');
    assert.equal({ ...todo, id: 'x' }, { id: 'x', title: 'write the spec', done: false, priority: 2, colorLabel: '#ff8800' });
    const list = await send(example.base, 'GET', '/todo', { token });
    assert.match(list.headers.get('content-type') ?? '', 'application/json');
    assert.ok(((await list.json()) as { id: string }[]).some((t) => t.id === todo.id));
  });

  http('GET, PUT and DELETE /todo/:id act on one todo; an unknown id is a 404', async ({ example, token }) => {
    const created = (await (await send(example.base, 'POST', '/todo', { body: valid, token })).json()) as Record<string, unknown>;
    assert.equal(await (await send(example.base, 'GET', `/todo/${created.id}`, { token })).json(), created);
    const updated = await send(example.base, 'PUT', `/todo/${created.id}`, { body: { done: true, name: 'renamed' }, token });
    assert.equal(await updated.json(), { ...created, done: true, title: 'renamed' });
    assert.is((await send(example.base, 'DELETE', `/todo/${created.id}`, { token })).status, 200);
    const gone = await send(example.base, 'GET', `/todo/${created.id}`, { token });
    assert.is(gone.status, 404);
    assert.equal(await gone.json(), { status: 404, name: 'NotFoundException', message: 'Not found' });
  });

  http('an invalid body is a 400 with one reason per failed rule, in declaration order, stable', async ({ example, token }) => {
    const bad = { name: 42, priority: 'high', colorLabel: 'orange' };
    const response = await send(example.base, 'POST', '/todo', { body: bad, token });
    assert.is(response.status, 400);
    const body = (await response.json()) as { status: number; name: string; message: string; reasons: { property: string; errorMessage: string; constraints: unknown[] }[] };
    assert.is(body.name, 'NotValidBodyException');
    assert.equal(body.reasons.map((r) => [r.property, r.constraints]), [['name', []], ['name', [200]], ['priority', [{}]], ['colorLabel', []]]);
    assert.match(body.reasons[3]!.errorMessage, 'hexadecimal color');
    assert.equal(await (await send(example.base, 'POST', '/todo', { body: bad, token })).json(), body);
  });

  http('malformed JSON, an empty body and a wrong content type are 400s that say so', async ({ example, token }) => {
    const cases: [string, Record<string, string>, string][] = [
      ['{"name": ', {}, 'not valid JSON'],
      ['', {}, 'empty'],
      [JSON.stringify(valid), { 'content-type': 'text/plain' }, 'Content-Type: application/json'],
      [JSON.stringify([valid]), {}, 'JSON object'],
    ];
    for (const [body, headers, words] of cases) {
      const response = await send(example.base, 'POST', '/todo', { body, headers, token });
      assert.is(response.status, 400, words);
      assert.match(((await response.json()) as { message: string }).message, words);
    }
  });

  http('a body over 1 MiB is a 413 and the server keeps serving', async ({ example, token }) => {
    const huge = JSON.stringify({ ...valid, name: 'x'.repeat(1024 * 1024 + 10) });
    const response = await send(example.base, 'POST', '/todo', { body: huge, token });
    assert.is(response.status, 413);
    assert.is(((await response.json()) as { name: string }).name, 'BodyTooLargeException');
    assert.is((await send(example.base, 'GET', '/health')).status, 200);
  });

  http('an unknown route is a 404 in the error shape', async ({ example }) => {
    const response = await send(example.base, 'GET', '/nowhere');
    assert.is(response.status, 404);
    assert.equal(await response.json(), { status: 404, name: 'NotFoundException', message: 'Not found' });
  });

  http('routes carry rate-limit headers; the login routes allow 5 a minute, then 429 with Retry-After', async ({ example, token }) => {
    const todo = await send(example.base, 'GET', '/todo', { token });
    assert.is(todo.headers.get('x-ratelimit-limit'), '100');
    let response = await send(example.base, 'GET', '/auth/login');
    assert.is(response.headers.get('x-ratelimit-limit'), '5');
    let calls = 1;
    while (response.status === 200 && calls < 10) {
      response = await send(example.base, 'GET', '/auth/login');
      calls++;
    }
    assert.is(response.status, 429);
    assert.ok(calls <= 6, `refused after at most 6 calls, took ${calls}`);
    assert.equal(await response.json(), { status: 429, name: 'ThrottlerException', message: 'ThrottlerException: Too Many Requests' });
    const retryAfter = Number(response.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.is(response.headers.get('x-ratelimit-remaining'), '0');
  });

  grpc('a todo created over HTTP is read over gRPC, and the reverse', async ({ example, token }) => {
    const client = todoClient(example.grpcAddress);
    const created = (await (await send(example.base, 'POST', '/todo', { body: valid, token })).json()) as { id: string };
    const read = (await call(client.GetTodo, client, { id: created.id }, token)) as TodoMessage;
    assert.equal(read, { id: created.id, title: 'write the spec', done: false });

    const made = (await call(client.CreateTodo, client, { title: 'from gRPC' }, token)) as TodoMessage;
    assert.is(made.title, 'from gRPC');
    const overHttp = await send(example.base, 'GET', `/todo/${made.id}`, { token });
    assert.is(((await overHttp.json()) as { title: string }).title, 'from gRPC');
    client.close();
  });

  grpc('the global guard covers gRPC: no or a bad token is PERMISSION_DENIED', async ({ example, token }) => {
    const client = todoClient(example.grpcAddress);
    for (const bad of [undefined, `${token}x`]) {
      const error = (await call(client.GetTodo, client, { id: '1' }, bad)) as ServiceError;
      assert.is(error.code, grpcStatus.PERMISSION_DENIED);
    }
    client.close();
  });

  grpc('an unknown id is NOT_FOUND carrying the exception message', async ({ example, token }) => {
    const client = todoClient(example.grpcAddress);
    const error = (await call(client.GetTodo, client, { id: 'no-such-id' }, token)) as ServiceError;
    assert.is(error.code, grpcStatus.NOT_FOUND);
    assert.is(error.details, 'Not found');
    client.close();
  });

  http.run();
  grpc.run();
}
