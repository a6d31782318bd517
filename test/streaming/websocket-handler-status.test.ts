/**
 * A `@Ws()` handler failing mid-stream with an `HttpException` closes its socket with 4000 + the
 * status. An odd status given to the constructor (NaN, 1200, 404.5) is made 500 there; one set on
 * the exception afterwards has no close code, and its socket must close with 1011 (the error
 * logged) instead of the close throwing and the process dying with it.
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

const closeAfterFailure = async (status: string, later = false) => {
  const socket = (await openSocket(`ws://127.0.0.1:${port}/streams/fail-status?status=${status}${later ? '&later' : ''}`)) as WebSocket;
  return closed(socket);
};

test('an HttpException mid-stream closes with 4000 + its status and its message, unlogged', async () => {
  const count = logged.length;
  assert.equal(await closeAfterFailure('403'), { code: 4403, reason: 'upstream refused' });
  assert.is(logged.length, count);
});

test('an odd status given to the constructor closes as its 500 does', async () => {
  assert.equal(await closeAfterFailure('1200'), { code: 4500, reason: 'upstream refused' });
});

for (const status of ['abc', '1200', '404.5', '-2000']) {
  test(`an HttpException whose status was set to ${status} closes with 1011, is logged, and the server keeps serving`, async () => {
    const count = logged.length;
    assert.equal(await closeAfterFailure(status, true), { code: 1011, reason: 'Internal server error' });
    assert.is(logged.length, count + 1);
    assert.match(String(logged.at(-1)![0]), 'StreamsController.failStatus');
    await until(() => app.stats().openStreams === 0, 'the session to end');
    assert.is((await fetch(`http://127.0.0.1:${port}/streams/plain`)).status, 200);
  });
}

test.after(() => app.close());
test.run();
