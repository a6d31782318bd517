// A cached route's miss shared with the callers that arrive while it runs only when its answer may
// be kept for them: not when the handler read a request header or said `Cache-Control: private`,
// not on a route authenticated by middleware, and never with credentials the guards did not turn
// into claims (`X-API-Key`).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { compileFixture } from '../compile-fixture.js';
import { AppModule, SERVICE_KEYS } from './fixtures/cache-app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/cache-app/', import.meta.url), 'AppModule', 'generated-in-flight');
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const app = await new FrameworkApplication(tables, { logger: quiet }).init(AppModule);
const base = `http://127.0.0.1:${await app.listen(0, '127.0.0.1')}`;
type Answer = { run: number; tenant?: string; who?: string; caller?: string; key?: string };
const get = async (path: string, headers: Record<string, string> = {}): Promise<Answer> => (await (await fetch(`${base}${path}`, { headers })).json()) as Answer;

/** Two calls, the second 50 ms after the first, while the first's miss still runs. */
async function overlapping(first: [string, Record<string, string>?], second: [string, Record<string, string>?]): Promise<[Answer, Answer]> {
  const one = get(...first);
  await sleep(50);
  return [await one, await get(...second)];
}

test('a miss whose handler read a request header is not handed to the caller waiting for it', async () => {
  const [a, b] = await overlapping(['/slow/header', { 'x-tenant': 'a' }], ['/slow/header', { 'x-tenant': 'b' }]);
  assert.equal([a.tenant, b.tenant], ['a', 'b']);
  assert.is.not(a.run, b.run);
});

test('a miss answered with Cache-Control: private is not handed to the caller waiting for it', async () => {
  const [a, b] = await overlapping(['/slow/private?who=x'], ['/slow/private?who=x']);
  assert.is.not(a.run, b.run, 'each caller ran the handler');
});

test('a shareable miss is still shared in flight: one run for two anonymous callers', async () => {
  const [a, b] = await overlapping(['/slow/public'], ['/slow/public']);
  assert.is(a.run, b.run);
});

test('a route authenticated by middleware: alice, bob and an anonymous caller each get their own answer', async () => {
  const [alice, bob] = await overlapping(['/mw/me', { 'x-api-key': 'alice-key' }], ['/mw/me', { 'x-api-key': 'bob-key' }]);
  const anonymous = await get('/mw/me');
  assert.equal([alice.caller, bob.caller, anonymous.caller], ['alice-key', 'bob-key', 'anonymous']);
  const [first, second] = await overlapping(['/mw/me'], ['/mw/me']);
  assert.is.not(first.run, second.run, 'middleware counts as reading the caller: nothing shared without @CacheVary');
});

test('an X-API-Key caller without claims is never answered from the cache, nor its answer kept', async () => {
  const anonymous = await get('/c/open');
  const withKey = await get('/c/open', { 'x-api-key': 'alice-key' });
  assert.ok(withKey.run > anonymous.run, 'the keyed caller ran the handler');
  assert.is((await get('/c/open')).run, anonymous.run, 'and the anonymous answer stayed the kept one');
});

test('a failure naming its caller is not handed to the caller waiting for it', async () => {
  const first = fetch(`${base}/slow-fail`, { headers: { 'x-tenant': 'a' } });
  await sleep(50);
  const second = await fetch(`${base}/slow-fail`, { headers: { 'x-tenant': 'b' } });
  assert.match(((await (await first).json()) as { message: string }).message, "tenant a's");
  const message = ((await second.json()) as { message: string }).message;
  assert.match(message, "tenant b's");
  assert.not.match(message, "tenant a's");
});

test("a credential header of the application's own naming (ApiKeyModule's X-Service-Key) keeps calls out of the cache", async () => {
  const [alice, bob] = await overlapping(['/keyed/me', { 'x-service-key': SERVICE_KEYS[0]! }], ['/keyed/me', { 'x-service-key': SERVICE_KEYS[1]! }]);
  assert.equal([alice.key, bob.key], [SERVICE_KEYS[0], SERVICE_KEYS[1]]);
  const again = await get('/keyed/me', { 'x-service-key': SERVICE_KEYS[1]! });
  assert.is(again.key, SERVICE_KEYS[1]);
  assert.ok(again.run > bob.run, 'not answered from the cache');
});

test.after(() => app.close());
test.run();
