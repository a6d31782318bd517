// `@framework/core/validators`: class-validator's decorators without loading class-validator. Compiled
// DTOs never load it; a DTO the compiler leaves to class-validator gets the recorded decorations
// applied to it, and answers as class-validator does.
import { spawnSync } from 'node:child_process';
import { FrameworkApplication, type ApplicationTables, type DtoEntry } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/facade/src/app.module.js';

test('a DTO left to class-validator (a custom constraint) is validated by it with the decorations recorded', async () => {
  const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/facade/', import.meta.url));
  const dtoOf = (path: string): DtoEntry => {
    const body = tables.routes.find((r) => r.path === path)?.body;
    if (!body || !('dto' in body)) throw new Error(`${path} reads no DTO body`);
    return body;
  };
  assert.is(dtoOf('/orders').validate, undefined, 'OrderDto stays on class-validator');
  assert.type(dtoOf('/orders/note').validate, 'function', 'NoteDto is compiled');
  const app = new FrameworkApplication(tables);
  await app.init(AppModule);
  const post = (path: string, body: unknown) => app.fetch(new Request(`http://x${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
  try {
    const bad = await post('/orders', { customer: 7, lines: [{ quantity: 4 }, { quantity: 3 }, { quantity: 0 }], extra: true });
    assert.is(bad.status, 400);
    const reasons = ((await bad.json()) as { reasons: { property: string; errorMessage: string }[] }).reasons;
    assert.equal(reasons.map((r) => [r.property, r.errorMessage]), [
      ['customer', 'customer must be a string'],
      ['lines.1.quantity', 'quantity must be even'],
      ['lines.2.quantity', 'quantity must not be less than 1'],
    ]);
    const good = await post('/orders', { customer: 'ada', lines: [{ quantity: 2 }], extra: true });
    assert.equal(await good.json(), { customer: 'ada', lines: [{ quantity: 2 }] }, 'whitelisted by class-validator');
    assert.equal(await (await post('/orders/note', { text: 'x', extra: 1 })).json(), { text: 'x' });
  } finally {
    await app.close();
  }
});

test('the todo example, whose DTOs are all compiled, never loads class-validator', () => {
  const script = `
    import { createRequire } from 'node:module';
    const { bootstrap } = await import(${JSON.stringify(new URL('../../examples/todo/dist/examples/todo/src/bootstrap.js', import.meta.url).href)});
    const { app } = await bootstrap();
    const post = (body) => app.fetch(new Request('http://x/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
    const statuses = [(await post({ username: 'demo', password: 'demo' })).status, (await post({ username: 1 })).status];
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('/class-validator/'));
    console.log(JSON.stringify({ statuses, loaded: loaded.length }));
    await app.close();
    process.exit(0);
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, JWT_SECRET: 'a-test-secret-that-is-at-least-32-bytes' } });
  assert.is(run.status, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout.trim().split('\n').pop()!), { statuses: [200, 400], loaded: 0 });
});

test.run();
