// Regression: an HttpException whose status no HTTP answer can carry (`undefined`, 0, NaN, 99,
// 1000: an upstream's status passed on unchecked) made Node's `writeHead` throw outside any
// handler, and the process died; 600 or 450.5 were written as they were (a body that did not
// match the status line), and the web adapter answered them with an opaque 500. The exception now
// answers 500 with its own message; a numeric string is read as its number.
import { FrameworkApplication, HttpException, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/core-edges/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/core-edges/', import.meta.url));
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

test('odd statuses answer 500 with the message, and the server lives on', async () => {
  const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  try {
    for (const odd of ['0', '99', 'nan', 'undefined', '1000', '600', '450.5']) {
      const response = await fetch(`http://127.0.0.1:${port}/errors/status/${odd}`);
      assert.is(response.status, 500, odd);
      assert.equal(await response.json(), { status: 500, name: 'HttpException', message: 'odd status' }, odd);
    }
    const numeric = await fetch(`http://127.0.0.1:${port}/errors/status/string`);
    assert.equal([numeric.status, ((await numeric.json()) as { status: unknown }).status], [404, 404]);
    assert.is((await fetch(`http://127.0.0.1:${port}/errors/status/409`)).status, 409);
  } finally {
    await app.close();
  }
});

test('an exception whose answer cannot be written (BigInt, cycle, throwing toJSON, status set to 0 later, revoked Proxy) is a logged 500, and the server lives on', async () => {
  const logged: unknown[] = [];
  const app = await new FrameworkApplication(tables, { logger: { ...quiet, error: (...args: unknown[]) => void logged.push(args) } }).init(AppModule);
  const port = await app.listen(0, '127.0.0.1');
  try {
    for (const kind of ['bigint', 'cycle', 'throws', 'mutated', 'proxy']) {
      const response = await fetch(`http://127.0.0.1:${port}/errors/unwritable/${kind}`);
      assert.is(response.status, 500, kind);
      assert.equal(await response.json(), { status: 500, name: 'InternalServerErrorException', message: 'Internal server error' }, kind);
    }
    assert.is(logged.length, 5);
    assert.is((await fetch(`http://127.0.0.1:${port}/errors/status/409`)).status, 409);
  } finally {
    await app.close();
  }
});

test('the status an exception carries is the one it answers with', () => {
  assert.is(new HttpException(undefined as unknown as number, 'x').status, 500);
  assert.is(new HttpException(302, 'x').status, 302);
  assert.is(new HttpException(599, 'x').status, 599);
  assert.is(new HttpException(' ' as unknown as number, 'x').status, 500);
});

test.run();
