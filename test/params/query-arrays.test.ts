// Repeated query keys as arrays, end to end: the fixture is compiled by framework-build (tables,
// OpenAPI document, typed client), the tables type-checked with strict tsc, and the app answers
// real HTTP requests (test/run.mjs runs this suite on the node and on the web adapter).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { MAX_QUERY_VALUES } from '@framework/core';
import { build } from '../../compiler/src/index.js';
import { outDirOf, startFixture, typeErrors, type RunningApp } from '../compiler/app-fixture.js';
import { fixtureSrc, ROOT } from '../compiler/helpers.js';
import { schemaErrors } from '../openapi/helpers.js';

const NAME = 'query-arrays';
const built = await build({ srcDir: fixtureSrc(NAME), outDir: outDirOf(NAME), cwd: ROOT, write: true, client: true });
let running: RunningApp;

test.before(async () => {
  running = await startFixture(NAME);
});
test.after(async () => running?.close());

const get = async (path: string): Promise<{ status: number; body: Record<string, unknown> }> => {
  const response = await fetch(`${running.base}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

async function refused(path: string, parameter: string, message: string): Promise<void> {
  const { status, body } = await get(path);
  assert.is(status, 400, path);
  assert.equal(body, { status: 400, name: 'InvalidParameterException', message, parameter, in: 'query' });
}

const repeated = (key: string, count: number): string => Array.from({ length: count }, (_, i) => `${key}=${i + 1}`).join('&');

test('the build reports nothing and the generated tables type-check under strict tsc', () => {
  assert.equal(built.diagnostics, []);
  assert.equal(typeErrors(NAME), []);
});

test('@Query(name) arrays: every value of the key in order, one value an array of one, each converted', async () => {
  assert.equal((await get('/arrays/named?id=3&id=1&id=2')).body, { ids: [3, 1, 2], tags: 'absent', on: 'absent', days: 'absent', sort: 'absent', q: 'absent' });
  const all = await get('/arrays/named?id=7&tag=a&on=true&on=0&day=2026-11-24&day=2026-11-25T10:00:00Z&sort=desc&sort=asc&tag=b%20c&q=x&q=y');
  assert.equal(all.body, {
    ids: [7],
    tags: ['a', 'b c'],
    on: [true, false],
    days: ['2026-11-24T00:00:00.000Z', '2026-11-25T10:00:00.000Z'],
    sort: ['desc', 'asc'],
    q: 'x',
  });
});

test('@Query(name) arrays: a bad element is a 400 naming the key and its index; a required absent key is a 400', async () => {
  await refused('/arrays/named?id=1&id=two', 'id[1]', "Query parameter 'id[1]' must be a number, got 'two'");
  await refused('/arrays/named?id=1&on=yes', 'on[0]', "Query parameter 'on[0]' must be true or false, got 'yes'");
  await refused('/arrays/named?id=1&sort=asc&sort=up', 'sort[1]', "Query parameter 'sort[1]' must be one of 'asc', 'desc', got 'up'");
  await refused('/arrays/named?id=1&day=2026-02-30', 'day[0]', "Query parameter 'day[0]' must be an ISO 8601 date (2026-11-24 or 2026-11-24T14:00:00Z), got '2026-02-30'");
  await refused('/arrays/named?tag=a', 'id', "Query parameter 'id' is required");
});

test(`a key repeated more than ${MAX_QUERY_VALUES} times is a 400; ${MAX_QUERY_VALUES} values are taken`, async () => {
  assert.is(((await get(`/arrays/named?${repeated('id', MAX_QUERY_VALUES)}`)).body.ids as number[]).length, MAX_QUERY_VALUES);
  const message = `Query parameter 'id' is repeated ${MAX_QUERY_VALUES + 1} times, more than the ${MAX_QUERY_VALUES} values one key may have`;
  await refused(`/arrays/named?${repeated('id', MAX_QUERY_VALUES + 1)}`, 'id', message);
  const dto = await get(`/arrays/dto?${repeated('ids', MAX_QUERY_VALUES + 1)}`);
  assert.is(dto.status, 400);
  assert.is(dto.body.parameter, 'ids');
});

test('a @Query() class: array members get every value, converted, then validated with their `each` rules', async () => {
  const ok = await get('/arrays/dto?tags=a&ids=2&ids=1&tags=bb&flags=1&colors=red&colors=blue&q=x&q=y&page=3&page=4');
  assert.is(ok.status, 200);
  assert.equal(ok.body, { tags: ['a', 'bb'], ids: [2, 1], flags: [true], colors: ['red', 'blue'], q: 'x', page: 3, isDto: true, absent: false });
  assert.equal((await get('/arrays/dto')).body, { isDto: true, absent: true }, 'absent members stay absent (@IsOptional)');
  await refused('/arrays/dto?ids=1&ids=x', 'ids[1]', "Query parameter 'ids[1]' must be a number, got 'x'");
  const reasons = async (path: string): Promise<unknown> => {
    const { status, body } = await get(path);
    assert.is(status, 400, path);
    assert.is(body.name, 'NotValidQueryException', path);
    return (body.reasons as { property: string; errorMessage: string }[]).map((r) => `${r.property}: ${r.errorMessage}`);
  };
  assert.equal(await reasons('/arrays/dto?tags=a&tags=b&tags=c&tags=d'), ['tags: tags must contain no more than 3 elements']);
  assert.equal(await reasons('/arrays/dto?tags=toolong'), ['tags: each value in tags must be shorter than or equal to 5 characters']);
  assert.equal(await reasons('/arrays/dto?ids=1.5&ids=0'), ['ids: each value in ids must be an integer number', "ids: each value in ids must not be less than 1"]);
  assert.equal(await reasons('/arrays/dto?ids=1&ids=1'), ["ids: All ids's elements must be unique"]);
  await refused('/arrays/dto?colors=red&colors=green', 'colors[1]', "Query parameter 'colors[1]' must be one of 'red', 'blue', got 'green'");
});

test('pipes given every value: ParseArrayPipe takes each value of a repeated key and cuts it at its separator; a bad item is a 400 naming its index', async () => {
  assert.equal((await get('/arrays/piped?id=1,2&id=3')).body, { ids: [1, 2, 3], tags: 'absent', words: [] });
  assert.equal((await get('/arrays/piped?id=4&tag=a|b&tag=c,d&word=b&word=a')).body, { ids: [4], tags: ['a', 'b', 'c,d'], words: ['a', 'b'] }, 'a pipe of its own taking string[] gets every value too');
  await refused('/arrays/piped?id=1&id=2,x', 'id[2]', "Query parameter 'id[2]' must be a number, got 'x'");
  await refused('/arrays/piped?tag=a', 'id', "Query parameter 'id' is required");
  const values = (count: number): string => Array.from({ length: count }, (_, i) => i).join(',');
  assert.is(((await get(`/arrays/piped?id=${values(MAX_QUERY_VALUES)}`)).body.ids as number[]).length, MAX_QUERY_VALUES);
  await refused(`/arrays/piped?id=${values(MAX_QUERY_VALUES / 2)}&id=${values(MAX_QUERY_VALUES / 2 + 1)}`, 'id', `Query parameter 'id' has more than the ${MAX_QUERY_VALUES} values one key may have`);
  await refused(`/arrays/piped?${repeated('id', MAX_QUERY_VALUES + 1)}`, 'id', `Query parameter 'id' is repeated ${MAX_QUERY_VALUES + 1} times, more than the ${MAX_QUERY_VALUES} values one key may have`);
  assert.equal((await get('/arrays/bare?tag=a,b&tag=c')).body, ['a', 'b', 'c'], 'named bare, created by the injector with its defaults');
  await refused('/arrays/bare', 'tag', "Query parameter 'tag' is required");
  // A long value is cut no further than the cap: the answer comes as fast as for a short one.
  await refused(`/arrays/piped?id=${','.repeat(12_000)}`, 'id', `Query parameter 'id' has more than the ${MAX_QUERY_VALUES} values one key may have`);
});

test('ParseArrayPipe on a path parameter cuts its one text; a bad item is a 400 naming it and its index', async () => {
  assert.equal((await get('/arrays/path/true,0,1')).body, [true, false, true]);
  const { status, body } = await get('/arrays/path/true,maybe');
  assert.is(status, 400);
  assert.equal(body, { status: 400, name: 'InvalidParameterException', message: "Path parameter 'ids[1]' must be true or false, got 'maybe'", parameter: 'ids[1]', in: 'path' });
});

test('@Query({ schema }): a field whose input is an array gets every value of its key; a scalar field the first (Zod, Valibot, ArkType)', async () => {
  assert.equal((await get('/arrays/schema?tags=a&ids=2&tags=bb&ids=1&q=x&q=y')).body, { tags: ['a', 'bb'], ids: [2, 1], q: 'x' });
  assert.equal((await get('/arrays/schema?tags=a')).body, { tags: ['a'] }, 'one value: an array of one');
  assert.equal((await get('/arrays/schema')).body, {});
  const reasons = async (path: string): Promise<unknown> => {
    const { status, body } = await get(path);
    assert.is(status, 400, path);
    assert.is(body.name, 'NotValidQueryException', path);
    return (body.reasons as { property: string }[]).map((r) => r.property);
  };
  assert.equal(await reasons('/arrays/schema?ids=1&ids=x'), ['ids.1'], 'the key and the index');
  assert.equal(await reasons('/arrays/schema?tags=a&tags=toolong'), ['tags.1']);
  assert.equal(await reasons('/arrays/schema?tags=a&tags=b&tags=c&tags=d'), ['tags']);
  for (const library of ['valibot', 'arktype']) {
    assert.equal((await get(`/arrays/${library}?tag=a&q=x&tag=b&q=y`)).body, { tag: ['a', 'b'], q: 'x' }, library);
  }
  await refused(`/arrays/schema?${repeated('ids', MAX_QUERY_VALUES + 1)}`, 'ids', `Query parameter 'ids' is repeated ${MAX_QUERY_VALUES + 1} times, more than the ${MAX_QUERY_VALUES} values one key may have`);
});

test('OpenAPI: an array parameter is type array with items and the cap as maxItems, style form, explode true (false, joined, for ParseArrayPipe); scalars are unchanged', async () => {
  const file = built.files.find((f) => f.path.endsWith('openapi.json'));
  const document = JSON.parse(file!.text) as { paths: Record<string, { get: { parameters: { name: string }[] } }> };
  assert.is(await schemaErrors(document), undefined);
  const parameter = (path: string, name: string): unknown => document.paths[path]!.get.parameters.find((p) => p.name === name);
  const maxItems = MAX_QUERY_VALUES;
  assert.equal(parameter('/arrays/named', 'id'), { name: 'id', in: 'query', required: true, schema: { type: 'array', items: { type: 'number' }, maxItems }, style: 'form', explode: true });
  assert.equal(parameter('/arrays/named', 'sort'), { name: 'sort', in: 'query', required: false, schema: { type: 'array', items: { enum: ['asc', 'desc'] }, maxItems }, style: 'form', explode: true });
  assert.equal(parameter('/arrays/named', 'q'), { name: 'q', in: 'query', required: false, schema: { type: 'string' } });
  assert.equal(parameter('/arrays/dto', 'tags'), {
    name: 'tags',
    in: 'query',
    required: false,
    schema: { type: ['array', 'null'], maxItems: 3, items: { type: 'string', maxLength: 5 } },
    description: 'Tags, any of which a result carries.',
    style: 'form',
    explode: true,
  });
  assert.equal(parameter('/arrays/dto', 'ids'), {
    name: 'ids',
    in: 'query',
    required: false,
    schema: { type: ['array', 'null'], items: { type: 'integer', minimum: 1 }, maxItems, description: 'No element twice (compared with `===`: objects and arrays never equal one another).' },
    style: 'form',
    explode: true,
  });
  // ParseArrayPipe cuts each value at its separator: the items joined in one value, as the server reads them.
  assert.equal(parameter('/arrays/piped', 'id'), { name: 'id', in: 'query', required: true, schema: { type: 'array', items: { type: 'number' }, maxItems }, style: 'form', explode: false });
  assert.equal(parameter('/arrays/piped', 'tag'), {
    name: 'tag',
    in: 'query',
    required: false,
    schema: { type: 'array', items: { type: 'string' }, maxItems },
    style: 'form',
    explode: false,
    description: "Items joined by '|' (?tag=a|b), not by commas; an item cannot hold '|'.",
    'x-separator': '|',
  });
  assert.equal(parameter('/arrays/piped', 'word'), { name: 'word', in: 'query', required: false, schema: { type: 'array', items: { type: 'string' }, maxItems }, style: 'form', explode: true }, 'a pipe of its own taking string[]: the key repeated');
  assert.equal(parameter('/arrays/bare', 'tag'), { name: 'tag', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' }, maxItems }, style: 'form', explode: false });
  assert.equal(parameter('/arrays/whole', 'tag'), { name: 'tag', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' }, maxItems }, style: 'form', explode: true }, "separator '': each value whole");
  assert.equal(parameter('/arrays/schema', 'tags'), { name: 'tags', in: 'query', required: false, schema: { type: 'array', items: { type: 'string', maxLength: 5 }, maxItems: 3 }, style: 'form', explode: true });
  assert.equal(parameter('/arrays/schema', 'ids'), {
    name: 'ids',
    in: 'query',
    required: false,
    schema: { type: 'array', items: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }, maxItems },
    style: 'form',
    explode: true,
  });
  assert.equal(parameter('/arrays/schema', 'q'), { name: 'q', in: 'query', required: false, schema: { type: 'string' } });
  // The document and the server agree at the cap: what one refuses, the other does.
  const fits = new Ajv2020({ strict: false }).compile((parameter('/arrays/named', 'id') as { schema: object }).schema);
  assert.ok(fits(Array.from({ length: MAX_QUERY_VALUES }, (_, i) => i)));
  assert.not.ok(fits(Array.from({ length: MAX_QUERY_VALUES + 1 }, (_, i) => i)));
});

test('the typed client sends an array as the key repeated, and the handler gets it back', async () => {
  type Call = (request?: { query?: Record<string, unknown> }) => Promise<unknown>;
  type Client = { arrays: Record<'named' | 'dto' | 'piped' | 'schema', Call> };
  const { createClient } = (await import(`${ROOT}/${outDirOf(NAME)}/client.ts`)) as { createClient(options: { baseUrl: string }): Client };
  const api = createClient({ baseUrl: running.base });
  assert.equal(await api.arrays.named({ query: { id: [1, 2], tag: ['x y', '&'], on: [false], sort: ['asc'], q: 'z' } }), {
    ids: [1, 2],
    tags: ['x y', '&'],
    on: [false],
    days: 'absent',
    sort: ['asc'],
    q: 'z',
  });
  assert.equal(await api.arrays.dto({ query: { tags: ['a'], ids: [5, 6] } }), { tags: ['a'], ids: [5, 6], isDto: true, absent: false });
  assert.equal(await api.arrays.piped({ query: { id: [1, 2] } }), { ids: [1, 2], tags: 'absent', words: [] });
  assert.equal(await api.arrays.schema({ query: { tags: ['a', 'b'], ids: [3] } }), { tags: ['a', 'b'], ids: [3] });
  const client = built.files.find((f) => f.path.endsWith('client.ts'))!.text;
  assert.match(client, 'id: Array<number>;', 'the typed client declares the array');
});

test('the typed client joins a ParseArrayPipe list with its separator: items with spaces, commas of another separator and each pipe round-trip', async () => {
  type Call = (request?: { query?: Record<string, unknown> }) => Promise<unknown>;
  type Client = { arrays: Record<'piped' | 'bare' | 'whole', Call> };
  const { createClient } = (await import(`${ROOT}/${outDirOf(NAME)}/client.ts`)) as { createClient(options: { baseUrl: string; fetch?: typeof fetch }): Client };
  const urls: string[] = [];
  const recording: typeof fetch = (input, init) => {
    urls.push(String(input));
    return fetch(input, init);
  };
  const api = createClient({ baseUrl: running.base, fetch: recording });
  assert.equal(await api.arrays.bare({ query: { tag: ['New York', 'a b'] } }), ['New York', 'a b']);
  assert.equal(await api.arrays.piped({ query: { id: [3, 1, 2], tag: ['New York, NY', 'x'], word: ['b', 'a'] } }), { ids: [3, 1, 2], tags: ['New York, NY', 'x'], words: ['a', 'b'] });
  assert.equal(new URL(urls.at(-1)!).searchParams.getAll('id'), ['3,1,2'], 'one value, the items joined by commas');
  assert.equal(new URL(urls.at(-1)!).searchParams.getAll('tag'), ['New York, NY|x'], "joined by the pipe's own separator");
  assert.equal(new URL(urls.at(-1)!).searchParams.getAll('word'), ['b', 'a'], 'a pipe of its own: the key repeated');
  assert.equal(await api.arrays.whole({ query: { tag: ['a,b', 'c'] } }), ['a,b', 'c'], "separator '': the key repeated, each value whole");
  assert.equal(await api.arrays.piped({ query: { id: [], tag: [] } }).catch((e: Error) => e.message), "arrays.piped: 400 Query parameter 'id' is required", 'an empty list sends no value');
  // An item holding the separator would reach the handler cut in two ('New York', ' NY'): refused before the call.
  const count = urls.length;
  const refused = await api.arrays.bare({ query: { tag: ['New York, NY'] } }).catch((e: Error) => e);
  assert.instance(refused, TypeError);
  assert.is((refused as Error).message, "Query parameter 'tag': the item 'New York, NY' holds the separator ',', at which the server cuts the value");
  assert.is(urls.length, count, 'nothing was sent');
});

test.run();
