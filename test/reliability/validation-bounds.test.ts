// What an invalid, deep or crowded body may cost: the 400 of a body with 90,000 failing members
// lists a capped number of reasons (the last one counting the rest), a compiled DTO stops checking
// at the cap, a body nested past the depth limit is a 400 and one of more values than the limit a
// 413 before any validator sees it.
// The answers stay small, the server stays responsive, and nothing is logged.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/bounds-app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/bounds-app/', import.meta.url));

const bounds = suite<{ app: FrameworkApplication; base: string; errors: string[] }>('validation answers and body depth are bounded');

bounds.before(async (context) => {
  context.errors = [];
  const logger: Logger = { error: (message, error) => void context.errors.push(`${message} ${String(error)}`), warn: () => undefined, log: () => undefined };
  context.app = await new FrameworkApplication(tables, { logger }).init(AppModule);
  context.base = `http://127.0.0.1:${await context.app.listen(0, '127.0.0.1')}`;
});
bounds.after(({ app }) => app.close());

const post = (base: string, path: string, body: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(10_000) });

const numbers = (count: number) => `{"items":[${Array.from({ length: count }, () => '0').join(',')}]}`;

bounds('a Standard Schema body with 90,000 failing members: 50 reasons, then one counting the rest', async ({ base, errors }) => {
  const body = numbers(90_000);
  const answer = await post(base, '/bounds/tags', body);
  const text = await answer.text();
  assert.is(answer.status, 400);
  assert.ok(text.length < 20_000, `an answer of ${text.length} bytes for a body of ${body.length}`);
  const { reasons, message } = JSON.parse(text) as { reasons: { property: string; errorMessage: string }[]; message: string };
  assert.is(reasons.length, 51);
  assert.is(reasons[0]!.property, 'items.0');
  assert.equal(reasons[50], { property: '', errorMessage: 'and 89950 more', constraints: [50] });
  assert.ok(message.endsWith('; and 89950 more'), message.slice(-80));
  assert.equal(errors, []);
});

bounds('a compiled DTO stops checking at the cap: 45,000 invalid array members answer 50 reasons and a stop', async ({ base }) => {
  const body = `{"items":[${Array.from({ length: 45_000 }, () => '{"sku":1}').join(',')}]}`;
  const answer = await post(base, '/bounds/order', body);
  const { reasons } = (await answer.json()) as { reasons: { property: string; errorMessage: string }[] };
  assert.is(answer.status, 400);
  assert.is(reasons.length, 51);
  assert.is(reasons[49]!.property, 'items.49.sku');
  assert.is(reasons[50]!.errorMessage, 'and more: checking stopped after 50 reasons');
});

bounds('valid and slightly invalid bodies are answered as before', async ({ base }) => {
  assert.is(await (await post(base, '/bounds/tags', '{"items":["a","b"]}')).text(), '2');
  const few = (await (await post(base, '/bounds/tags', numbers(3))).json()) as { reasons: unknown[] };
  assert.is(few.reasons.length, 3);
  assert.is(await (await post(base, '/bounds/order', '{"items":[{"sku":"a"}]}')).text(), '1');
});

bounds('a body of more values than maxBodyValues is a 413 before any validator runs', async ({ base, errors }) => {
  const answer = await post(base, '/bounds/tags', numbers(200_000));
  assert.is(answer.status, 413);
  assert.match(((await answer.json()) as { message: string }).message, 'more than the limit of 100000 values');
  assert.equal(errors, []);
});

bounds('while eight bodies of 90,000 failing members are checked, a cheap request is still answered within a second', async ({ base }) => {
  const heavy = Array.from({ length: 8 }, () => post(base, '/bounds/tags', numbers(90_000)).then((answer) => answer.status));
  let done = false;
  const all = Promise.all(heavy).finally(() => (done = true));
  let slowest = 0;
  while (!done) {
    const started = performance.now();
    assert.is(await (await fetch(`${base}/bounds/ping`)).text(), 'pong');
    slowest = Math.max(slowest, performance.now() - started);
  }
  assert.equal(await all, Array(8).fill(400));
  // Generous for a 2-core CI machine: without the caps one such body stalled the server for seconds.
  assert.ok(slowest < 1500, `the slowest ping took ${Math.round(slowest)} ms`);
});

bounds('a body nested past the depth limit is a 400 before the recursive schema sees it; within it, served', async ({ base, errors }) => {
  const deep = (levels: number) => `${'{"children":['.repeat(levels)}${']}'.repeat(levels)}`;
  const refused = await post(base, '/bounds/tree', deep(10_000));
  assert.is(refused.status, 400);
  assert.match(((await refused.json()) as { message: string }).message, 'nests deeper than 128 levels');
  assert.is((await post(base, '/bounds/tree', deep(60))).status, 200);
  const array = await post(base, '/bounds/tags', `${'['.repeat(200_000)}${']'.repeat(200_000)}`);
  assert.is(array.status, 400);
  assert.equal(errors, []);
});

bounds('the bounds are options: maxBodyDepth and maxValidationReasons', async () => {
  const app = await new FrameworkApplication(tables, { maxBodyDepth: 3, maxBodyValues: 6, maxValidationReasons: 2 }).init(AppModule);
  try {
    const answer = await app.fetch(new Request('http://x/bounds/tags', { method: 'POST', headers: { 'content-type': 'application/json' }, body: numbers(5) }));
    assert.is(((await answer.json()) as { reasons: unknown[] }).reasons.length, 3);
    const deep = await app.fetch(new Request('http://x/bounds/tree', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"children":[{"children":[{"children":[]}]}]}' }));
    assert.is(deep.status, 400);
    const many = await app.fetch(new Request('http://x/bounds/tags', { method: 'POST', headers: { 'content-type': 'application/json' }, body: numbers(6) }));
    assert.is(many.status, 413);
  } finally {
    await app.close();
  }
  assert.throws(() => new FrameworkApplication(tables, { maxValidationReasons: 0 }), /maxValidationReasons must be a whole number/);
  assert.throws(() => new FrameworkApplication(tables, { maxBodyDepth: 100_000 }), /maxBodyDepth must be a whole number from 1 to 1000/);
});

bounds.run();
