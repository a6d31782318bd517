// @SetHeader, @Redirect and URI versioning (@Version, @Controller({ version })), end to end:
// compiled by framework-build, type-checked, served on port 0; and what the OpenAPI document says of them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { emitClient } from '../../compiler/src/emit/client/client.js';
import { ROOT } from '../compiler/helpers.js';
import { buildFixture, startFixture, typeErrors, type RunningApp } from '../compiler/app-fixture.js';

const NAME = 'cookies-and-answers';
let running: RunningApp;
type Operation = { operationId: string; 'x-api-versions'?: string[]; parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> };
let openapi: { paths: Record<string, Record<string, Operation>> };
let client: string;

test.before(async () => {
  const result = await buildFixture(NAME);
  assert.equal(result.diagnostics, []);
  openapi = JSON.parse(result.files.find((f) => f.path.endsWith('openapi.json'))!.text) as typeof openapi;
  client = emitClient(openapi as unknown as Parameters<typeof emitClient>[0]);
  running = await startFixture(NAME, { versioning: { type: 'uri' } });
});
test.after(async () => running?.close());

test('the generated tables type-check under strict tsc', () => {
  assert.equal(typeErrors(NAME), []);
});

test('@SetHeader headers are on every successful answer, and not on an error', async () => {
  const ok = await fetch(`${running.base}/a/cached`);
  assert.is(ok.status, 200);
  assert.is(ok.headers.get('cache-control'), 'max-age=60');
  assert.is(ok.headers.get('x-answer'), 'fixed');
  const failed = await fetch(`${running.base}/a/failing`);
  assert.is(failed.status, 500);
  assert.is(failed.headers.get('x-answer'), null);
});

test('a header the handler sets replaces the security header of that name: one line, the handler\'s', async () => {
  const framed = await fetch(`${running.base}/a/framed`);
  assert.is(framed.status, 200);
  // Two lines would read 'SAMEORIGIN, DENY' here: fetch joins a repeated header.
  assert.is(framed.headers.get('x-frame-options'), 'DENY');
  assert.is(framed.headers.get('x-content-type-options'), 'nosniff', 'the other security headers stay');
  assert.is(framed.headers.get('content-type'), 'application/json');
  assert.equal(await framed.json(), { framed: false });
  const plain = await fetch(`${running.base}/a/cached`);
  assert.is(plain.headers.get('x-frame-options'), 'SAMEORIGIN');
});

test('@Redirect answers its status and Location; the handler may return { url, status } for one call', async () => {
  const moved = await fetch(`${running.base}/a/moved`, { redirect: 'manual' });
  assert.is(moved.status, 301);
  assert.is(moved.headers.get('location'), '/a/cached');
  assert.is(await moved.text(), '');
  const elsewhere = await fetch(`${running.base}/a/moved?to=other`, { redirect: 'manual' });
  assert.is(elsewhere.status, 307);
  assert.is(elsewhere.headers.get('location'), '/a/other');
  const later = await fetch(`${running.base}/a/later`, { redirect: 'manual' });
  assert.is(later.status, 302);
  assert.is(later.headers.get('location'), '/a/cached');
});

test('URI versioning: each version under its prefix, a neutral route without one, other versions 404', async () => {
  assert.equal(await (await fetch(`${running.base}/v1/items`)).json(), { version: 1 });
  assert.equal(await (await fetch(`${running.base}/v2/items`)).json(), { version: 2 });
  assert.equal(await (await fetch(`${running.base}/items/health`)).json(), { neutral: true });
  assert.is((await fetch(`${running.base}/v3/items`)).status, 404);
  assert.is((await fetch(`${running.base}/items`)).status, 404);
  // Routes without a version, in an application without a default version, keep their paths.
  assert.is((await fetch(`${running.base}/a/cached`)).status, 200);
});

test('a default version prefixes the routes that declare none; an unknown versioning type is refused at start-up', async () => {
  const app = await startFixture(NAME, { versioning: { type: 'uri', defaultVersion: '1' } });
  try {
    assert.is((await fetch(`${app.base}/v1/a/cached`)).status, 200);
    assert.is((await fetch(`${app.base}/a/cached`)).status, 404);
  } finally {
    await app.close();
  }
  try {
    await startFixture(NAME, { versioning: { type: 'cookie' as 'uri' } });
    assert.unreachable('an unknown type must be refused');
  } catch (error) {
    assert.match(String(error), /versioning\.type must be 'uri', 'header' or 'media-type'; got "cookie"/);
  }
});

async function json(base: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`, { headers });
  return { status: response.status, body: response.status === 200 ? await response.json() : await response.text().then((text) => (text ? JSON.parse(text) : text)) };
}

test('header versioning: routes of one path picked by the header; no fitting version is a 404; a neutral route answers any', async () => {
  const app = await startFixture(NAME, { versioning: { type: 'header', header: 'X-API-Version' } });
  try {
    assert.equal(await json(app.base, '/items', { 'x-api-version': '1' }), { status: 200, body: { version: 1 } });
    assert.equal(await json(app.base, '/items', { 'x-api-version': ' 2 ' }), { status: 200, body: { version: 2 } });
    assert.equal(await json(app.base, '/items', { 'x-api-version': '3' }), { status: 404, body: { status: 404, name: 'NotFoundException', message: 'Not found' } });
    assert.is((await json(app.base, '/items')).status, 404, 'no version and no default version');
    assert.equal(await json(app.base, '/items/health', { 'x-api-version': '9' }), { status: 200, body: { neutral: true } });
    assert.equal(await json(app.base, '/items/health'), { status: 200, body: { neutral: true } });
    assert.is((await json(app.base, '/a/cached', { 'x-api-version': '7' })).status, 200, 'a route without a version answers every version');
  } finally {
    await app.close();
  }
  const withDefault = await startFixture(NAME, { versioning: { type: 'header', defaultVersion: '2' } });
  try {
    assert.equal(await json(withDefault.base, '/items'), { status: 200, body: { version: 2 } });
    assert.equal(await json(withDefault.base, '/items', { 'x-api-version': '1' }), { status: 200, body: { version: 1 } });
  } finally {
    await withDefault.close();
  }
});

test('media-type versioning: the version is a parameter of Accept', async () => {
  const app = await startFixture(NAME, { versioning: { type: 'media-type', key: 'v=' } });
  try {
    assert.equal(await json(app.base, '/items', { accept: 'application/json;v=2' }), { status: 200, body: { version: 2 } });
    assert.equal(await json(app.base, '/items', { accept: 'text/html, application/json; q=0.9; v=1' }), { status: 200, body: { version: 1 } });
    assert.is((await json(app.base, '/items', { accept: 'application/json' })).status, 404);
  } finally {
    await app.close();
  }
});

test('the OpenAPI document describes the redirect (its 3xx and Location) and the fixed headers', () => {
  const moved = openapi.paths['/a/moved']!.get!.responses;
  assert.ok(moved['301']?.headers?.Location, 'a 301 with Location');
  assert.is(moved['200'], undefined);
  assert.equal(openapi.paths['/a/cached']!.get!.responses['200']!.headers, {
    'Cache-Control': { schema: { type: 'string', const: 'max-age=60' } },
    'X-Answer': { schema: { type: 'string', const: 'fixed' } },
  });
  const cookies = (openapi.paths['/c/typed']!.get as unknown as { parameters: { name: string; in: string }[] }).parameters;
  assert.ok(cookies.some((p) => p.name === 'size' && p.in === 'cookie'), 'cookie parameters are in: cookie');
});

test('the OpenAPI document and the typed client follow the sources\' URI versioning: a path per version, the versions named', () => {
  assert.is(openapi.paths['/v1/items']!.get!.operationId, 'items.listV1');
  assert.is(openapi.paths['/v2/items']!.get!.operationId, 'items.listV2');
  assert.equal(openapi.paths['/v2/items']!.get!['x-api-versions'], ['2']);
  assert.equal(openapi.paths['/items/health']!.get!['x-api-versions'], ['neutral']);
  assert.is(openapi.paths['/items'], undefined);
  assert.match(client, /listV2: \(request\?: \{ signal\?: AbortSignal \}\): Promise<.*> =>\n\s+call\(options, "items\.listV2", "GET", `\/v2\/items`/);
});

test('the typed client sends cookies it is given as one Cookie header, and reaches a version\'s path', async () => {
  const file = path.join(ROOT, 'test/.tmp/compiler', NAME, 'client.ts');
  fs.writeFileSync(file, client);
  const { createClient } = (await import(pathToFileURL(file).href)) as { createClient: (options: { baseUrl: string }) => Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> };
  const api = createClient({ baseUrl: running.base });
  assert.equal(await api.cookies!.typed!({ cookies: { size: 25, theme: 'dark', since: new Date('2026-11-29T00:00:00Z') } }), {
    theme: 'dark', size: 25, beta: null, since: '2026-11-29T00:00:00.000Z', plan: null,
  });
  assert.equal(await api.cookies!.required!({ cookies: { sid: 'a b;c' } }), { sid: 'a b;c' }, 'values are percent-encoded');
  assert.equal(await api.items!.listV2!(), { version: 2 });
  assert.match(client, /cookies\?: \{ theme\?: "light" \| "dark"; size\?: number;/);
});

test('header and media-type versioning in the document: one operation per path, the version header as a parameter', async () => {
  const { placementsOf, versionFields } = await import('../../compiler/src/emit/openapi/versions.js');
  const route = { path: '/items', versions: { values: ['1', '2'] } } as unknown as Parameters<typeof placementsOf>[0];
  assert.equal(placementsOf(route, { enabled: true, type: 'header' }), [{ path: '/items', idSuffix: '' }]);
  assert.equal(placementsOf(route, { enabled: true, type: 'uri', prefix: 'api' }).map((p) => [p.path, p.idSuffix]), [['/api1/items', '_v1'], ['/api2/items', '_v2']]);
  assert.equal(versionFields(route, { enabled: true, type: 'header', header: 'X-Version' }), {
    extension: { 'x-api-versions': ['1', '2'] },
    parameter: { name: 'X-Version', in: 'header', required: true, schema: { type: 'string', enum: ['1', '2'] } },
  });
});

test.run();
