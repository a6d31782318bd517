/**
 * A `@Ws()` handler failing mid-stream with an `HttpException` closes its socket with 4000 + the
 * status; one whose status is no HTTP status (NaN, 1200, 404.5) has no such close code, and its
 * socket must close with 1011 (the error logged) instead of the close throwing and the process
 * dying with it.
 */
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type WebSocket from 'ws';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';
import { closed, openSocket, until } from './helpers.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
const logged: unknown[][] = [];
const logger: Logger = { error: (...args) => void logged.push(args), warn: () => undefined, log: () => undefined };
const app = await new FrameworkApplication(tables, { logger }).init(AppModule);
const port = await app.listen(0, '127.0.0.1');

const closeAfterFailure = async (status: string) => {
  const socket = (await openSocket(`ws://127.0.0.1:${port}/streams/fail-status?status=${status}`)) as WebSocket;
  return closed(socket);
};

test('an HttpException mid-stream closes with 4000 + its status and its message, unlogged', async () => {
  const count = logged.length;
  assert.equal(await closeAfterFailure('403'), { code: 4403, reason: 'upstream refused' });
  assert.is(logged.length, count);
});

for (const status of ['abc', '1200', '404.5', '-2000']) {
  test(`an HttpException of status ${status} closes with 1011, is logged, and the server keeps serving`, async () => {
    const count = logged.length;
    assert.equal(await closeAfterFailure(status), { code: 1011, reason: 'Internal server error' });
    assert.is(logged.length, count + 1);
    assert.match(String(logged.at(-1)![0]), 'StreamsController.failStatus');
    await until(() => app.stats().openStreams === 0, 'the session to end');
    assert.is((await fetch(`http://127.0.0.1:${port}/streams/plain`)).status, 200);
  });
}

test.after(() => app.close());
test.run();
