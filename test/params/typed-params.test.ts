// Typed handler parameters, end to end: the fixture is compiled by framework-build, the generated
// tables are type-checked with strict tsc, and the app answers real HTTP requests.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildFixture, startFixture, typeErrors, type RunningApp } from '../compiler/app-fixture.js';

const NAME = 'typed-params';
let running: RunningApp;

test.before(async () => {
  const result = await buildFixture(NAME);
  assert.equal(result.diagnostics, []);
  running = await startFixture(NAME);
});
test.after(async () => running?.close());

const get = async (path: string): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await fetch(`${running.base}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

async function refused(path: string, parameter: string, place: string, message: string): Promise<void> {
  const { status, body } = await get(path);
  assert.is(status, 400, path);
  assert.equal(body, { status: 400, name: 'InvalidParameterException', message, parameter, in: place });
}

test('the generated tables type-check under strict tsc', () => {
  assert.equal(typeErrors(NAME), []);
});

test('number, boolean and Date path parameters arrive converted; a bad value is a 400 naming the parameter', async () => {
  assert.equal((await get('/p/num/42')).body, { id: 42, type: 'number' });
  assert.equal((await get('/p/num/-1.5')).body, { id: -1.5, type: 'number' });
  await refused('/p/num/abc', 'id', 'path', "Path parameter 'id' must be a number, got 'abc'");
  await refused('/p/num/0x10', 'id', 'path', "Path parameter 'id' must be a number, got '0x10'");
  assert.equal((await get('/p/bool/true')).body, { flag: true });
  assert.equal((await get('/p/bool/0')).body, { flag: false });
  await refused('/p/bool/yes', 'flag', 'path', "Path parameter 'flag' must be true or false, got 'yes'");
  assert.equal((await get('/p/day/2026-11-24')).body, { iso: '2026-11-24T00:00:00.000Z' });
  assert.equal((await get('/p/day/2026-11-24T14:30:00Z')).body, { iso: '2026-11-24T14:30:00.000Z' });
  await refused('/p/day/24.11.2026', 'day', 'path', "Path parameter 'day' must be an ISO 8601 date (2026-11-24 or 2026-11-24T14:00:00Z), got '24.11.2026'");
});

test('an inherited generic parameter converts to the type the subclass binds', async () => {
  assert.equal((await get('/generic/7')).body, { id: 7, type: 'number' });
  await refused('/generic/seven', 'id', 'path', "Path parameter 'id' must be a number, got 'seven'");
});

test('enums (string and numeric) and literal unions accept their values only', async () => {
  assert.equal((await get('/p/status/open')).body, { status: 'open' });
  await refused('/p/status/closed', 'status', 'path', "Path parameter 'status' must be one of 'open', 'done', got 'closed'");
  assert.equal((await get('/p/level/2')).body, { level: 2, high: true });
  await refused('/p/level/3', 'level', 'path', "Path parameter 'level' must be one of '1', '2', got '3'");
  assert.equal((await get('/p/order/desc')).body, { order: 'desc' });
  await refused('/p/order/up', 'order', 'path', "Path parameter 'order' must be one of 'asc', 'desc', got 'up'");
});

test('query parameters: required ones must be there, optional ones may be missing, defaults apply', async () => {
  assert.equal((await get('/p/list?q=milk')).body, { q: 'milk', limit: 20, page: null, since: null });
  assert.equal((await get('/p/list?q=milk&limit=5&page=2&since=2026-01-02')).body, { q: 'milk', limit: 5, page: 2, since: '2026-01-02T00:00:00.000Z' });
  await refused('/p/list', 'q', 'query', "Query parameter 'q' is required");
  await refused('/p/list?q=milk&limit=ten', 'limit', 'query', "Query parameter 'limit' must be a number, got 'ten'");
});

test('named headers convert to their declared types as query parameters do; a string one stays as sent, or undefined', async () => {
  const headers = async (sent: Record<string, string>) => {
    const response = await fetch(`${running.base}/p/headers`, { headers: sent });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  assert.equal((await headers({ 'x-count': '41' })).body, { next: 42, dryRun: null, trace: null });
  assert.equal((await headers({ 'x-count': '1', 'x-dry-run': 'true', 'x-trace': 'abc' })).body, { next: 2, dryRun: true, trace: 'abc' });
  const bad = await headers({ 'x-count': 'many' });
  assert.equal(bad, { status: 400, body: { status: 400, name: 'InvalidParameterException', message: "Header 'x-count' must be a number, got 'many'", parameter: 'x-count', in: 'header' } });
  const missing = await headers({});
  assert.equal(missing, { status: 400, body: { status: 400, name: 'InvalidParameterException', message: "Header 'x-count' is required", parameter: 'x-count', in: 'header' } });
});

test('a @Query() class: members converted by their declared types, then validated like a body', async () => {
  const ok = await get('/p/dto?limit=5&sort=asc&done=true&q=x');
  assert.is(ok.status, 200);
  assert.equal(ok.body, { limit: 5, sort: 'asc', done: true, q: 'x', isDto: true, limitType: 'number' });
  assert.equal((await get('/p/dto')).body, { isDto: true, limitType: 'undefined' });
  const invalid = await get('/p/dto?limit=500');
  assert.is(invalid.status, 400);
  assert.is(invalid.body.name, 'NotValidQueryException');
  assert.equal(invalid.body.reasons, [{ property: 'limit', errorMessage: 'limit must not be greater than 100', constraints: [100] }]);
  await refused('/p/dto?sort=up', 'sort', 'query', "Query parameter 'sort' must be one of 'asc', 'desc', got 'up'");
  const stripped = await get('/p/dto?unknown=1');
  assert.equal(stripped.body, { isDto: true, limitType: 'undefined' }, 'members the class does not declare are stripped');
});

test('ParseIntPipe with a range, ParseUUIDPipe, and user pipes (sync then async) in order', async () => {
  assert.equal((await get('/p/int/7')).body, { n: 7 });
  await refused('/p/int/11', 'n', 'path', "Path parameter 'n' must be between 1 and 10, got 11");
  await refused('/p/int/1.5', 'n', 'path', "Path parameter 'n' must be an integer, got '1.5'");
  const id = '3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f';
  assert.equal((await get(`/p/uuid/${id}`)).body, { id });
  await refused('/p/uuid/42', 'id', 'path', "Path parameter 'id' must be a UUID, got '42'");
  // RFC 9562's nil and max UUIDs, which NestJS's ParseUUIDPipe takes too; a version 0 or 9, or another variant, is not a UUID.
  for (const special of ['00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'ffffffff-ffff-ffff-ffff-ffffffffffff']) {
    assert.equal((await get(`/p/uuid/${special}`)).body, { id: special });
  }
  for (const other of ['3f2b8c1e-9a4d-0c7b-8e2f-1a2b3c4d5e6f', '3f2b8c1e-9a4d-9c7b-8e2f-1a2b3c4d5e6f', '3f2b8c1e-9a4d-4c7b-cf2f-1a2b3c4d5e6f', '00000000-0000-0000-0000-00000000000f']) {
    await refused(`/p/uuid/${other}`, 'id', 'path', `Path parameter 'id' must be a UUID, got '${other}'`);
  }
  assert.equal((await get('/p/piped?name=%20ab%20')).body, { name: '<query:name:AB>' });
  assert.equal((await get('/p/tags?tags=a,b')).body, { tags: ['a', 'b'] }, 'a pipe produces a type no conversion exists for');
  const first = String((await get('/p/serial?v=x')).body.v);
  const second = String((await get('/p/serial?v=x')).body.v);
  assert.match(first, /^x#\d+$/);
  assert.is(Number(second.slice(2)), Number(first.slice(2)) + 1, 'a request-scoped pipe is created per call');
});

test.run();
