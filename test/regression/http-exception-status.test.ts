// Regression: an `HttpException` whose status is no HTTP status (`NaN` from `Number(undefined)`,
// 0, 99, 1200) reached Node's `writeHead`, whose RangeError killed the process (node adapter;
// 1200 on the web adapter too, which answered NaN and 0 as a 200 carrying the error). Such an
// exception is a fault of the application: a logged 500, and the server keeps serving.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/http-exception-status/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/http-exception-status/', import.meta.url));
const logged: unknown[] = [];
const logger: Logger = { error: (message) => void logged.push(message), warn: () => undefined, log: () => undefined };
const app = await new FrameworkApplication(tables, { logger }).init(AppModule);
const port = await app.listen(0, '127.0.0.1');

test('a status of 404 is answered as it is', async () => {
  const answer = await fetch(`http://127.0.0.1:${port}/upstream?status=404`);
  assert.is(answer.status, 404);
  assert.equal(await answer.json(), { status: 404, name: 'HttpException', message: 'the upstream refused' });
});

for (const status of [undefined, 'abc', '0', '99', '1200']) {
  test(`a status of Number(${JSON.stringify(status)}) is a logged 500, and the server keeps serving`, async () => {
    const count = logged.length;
    const answer = await fetch(`http://127.0.0.1:${port}/upstream${status === undefined ? '' : `?status=${status}`}`);
    assert.is(answer.status, 500);
    assert.is(logged.length, count + 1);
    assert.is((await fetch(`http://127.0.0.1:${port}/upstream?status=404`)).status, 404);
  });
}

test.after(() => app.close());
test.run();
