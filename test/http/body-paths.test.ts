// A body route without a chain is served by a shorter path than one behind a guard, filter or
// interceptor (http/bare-body-route.ts): both must answer alike, and the layers must still see
// the body's errors.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/body-paths/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/body-paths/', import.meta.url));

const logged: unknown[][] = [];
const capture: Logger = { error: (...args) => void logged.push(args), warn: () => undefined, log: () => undefined };

const paths = suite<{ app: FrameworkApplication; base: string }>('body routes with and without a chain');

paths.before(async (context) => {
  context.app = await new FrameworkApplication(tables, { logger: capture, bodyLimit: 256 }).init(AppModule);
  context.base = `http://127.0.0.1:${await context.app.listen(0)}`;
});
paths.after(async ({ app }) => app.close());

interface Answer {
  readonly status: number;
  readonly type: string | null;
  readonly body: string;
}

async function post(base: string, route: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Answer> {
  const response = await fetch(`${base}/notes/${route}`, { method: 'POST', headers, body });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

const requests: readonly { readonly what: string; readonly body: string; readonly headers?: Record<string, string>; readonly status: number }[] = [
  { what: 'a valid body', body: '{"title":"milk","rank":2,"extra":true}', status: 200 },
  { what: 'an invalid body', body: '{"title":"m","rank":"high"}', status: 400 },
  { what: 'malformed JSON', body: '{"title":', status: 400 },
  { what: 'an empty body', body: '', status: 400 },
  { what: 'a JSON array', body: '[1,2]', status: 400 },
  { what: 'a forbidden key', body: '{"title":"milk","rank":2,"__proto__":{"admin":true}}', status: 400 },
  { what: 'a text/plain body', body: '{"title":"milk","rank":2}', headers: { 'content-type': 'text/plain' }, status: 400 },
  { what: 'a body over the limit', body: JSON.stringify({ title: 'x'.repeat(300), rank: 1 }), status: 413 },
];

paths('a route without a chain answers every body as the same route behind a guard', async ({ base }) => {
  for (const request of requests) {
    const plain = await post(base, 'plain', request.body, request.headers);
    const guarded = await post(base, 'guarded', request.body, request.headers);
    assert.is(plain.status, request.status, request.what);
    // Messages that name the route name their own.
    assert.equal(plain, { ...guarded, body: guarded.body.replaceAll('/notes/guarded', '/notes/plain') }, request.what);
  }
  const valid = await post(base, 'plain', requests[0]!.body);
  assert.equal(JSON.parse(valid.body), { isDto: true, members: ['title', 'rank'], title: 'milk', rank: 2 });
  const invalid = JSON.parse((await post(base, 'plain', requests[1]!.body)).body) as { name: string; message: string; reasons: { property: string }[] };
  assert.is(invalid.name, 'NotValidBodyException');
  assert.equal(
    invalid.reasons.map((reason) => reason.property),
    ['title', 'rank'],
  );
  assert.match(invalid.message, /^Invalid request body: title must be longer than or equal to 2 characters; rank must be an integer number$/);
});

paths('a filter on a body route is handed the NotValidBodyException itself', async ({ base }) => {
  const answer = await post(base, 'filtered', '{"title":"m","rank":1}');
  assert.is(answer.status, 200);
  assert.equal(JSON.parse(answer.body), { caught: 'NotValidBodyException', status: 400, properties: ['title'] });
});

paths('an interceptor on a body route sees the body errors its handler never ran for', async ({ base }) => {
  const response = await fetch(`${base}/notes/intercepted`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"rank":1}' });
  assert.is(response.status, 400);
  assert.is(response.headers.get('x-seen-error'), 'NotValidBodyException');
  const malformed = await fetch(`${base}/notes/intercepted`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
  assert.is(malformed.headers.get('x-seen-error'), 'MalformedBodyException');
});

paths('a handler failing after a valid body is a 500 without details, logged once', async ({ base }) => {
  logged.length = 0;
  const answer = await post(base, 'failing', '{"title":"milk","rank":2}');
  assert.is(answer.status, 500);
  assert.equal(JSON.parse(answer.body), { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' });
  assert.is(logged.length, 1);
  assert.match(String(logged[0]![0]), 'NotesController.failing');
});

paths('a body route without a DTO takes any JSON, and an empty body as none', async ({ base }) => {
  assert.equal(JSON.parse((await post(base, 'free', '[1,"two"]')).body), { received: [1, 'two'] });
  assert.equal(JSON.parse((await post(base, 'free', '')).body), { received: null });
  assert.is((await post(base, 'free', '{"a":')).status, 400);
});

paths.run();
