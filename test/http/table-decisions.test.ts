// What the route table decides for a request no route matched, the same on both adapters (this
// suite runs on each) and through app.fetch: a path served under other methods is a 405 with
// `Allow`; OPTIONS is a 204 with `Allow` (a CORS preflight goes to the pipeline's preflight hook);
// an unknown path stays a 404. And the stage before routing (prefix responders) answers first,
// and the route headers prepared at init are on the answers.
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import type { HttpTransport } from '@framework/core/transport';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));

const table = suite<{ app: FrameworkApplication; base: string; preflights: string[][] }>('answers the route table decides');

table.before(async (context) => {
  context.preflights = [];
  const app = new FrameworkApplication(tables, { logger: { error: () => undefined, warn: () => undefined, log: () => undefined } });
  // The extension points have no public API of their own yet: the capabilities of the next issues add it.
  const { pipeline } = (app as unknown as { http: HttpTransport }).http;
  pipeline.setPreflight((exchange, allowed) => {
    if (exchange.header('origin') !== 'https://allowed.example') return false;
    context.preflights.push([...allowed]);
    exchange.send(204, { 'access-control-allow-methods': allowed.join(', '), 'access-control-allow-origin': 'https://allowed.example' }, undefined);
    return true;
  });
  pipeline.addPrefix({
    prefix: '/files',
    answer: async (exchange, rest) => {
      if (rest === '/missing') return false;
      const body = `file ${rest}${exchange.secure ? ' (tls)' : ''}`;
      exchange.send(200, { 'content-type': 'text/plain', 'content-length': body.length }, body);
      return true;
    },
  });
  pipeline.addRouteHeaders((route) => ({
    fixed: { 'X-Content-Type-Options': 'nosniff', 'x-route': route ? route.entry.path : 'none' },
    perRequest: (exchange) => (exchange.header('origin') === undefined ? undefined : { vary: 'Origin' }),
  }));
  context.app = await app.init(AppModule);
  context.base = `http://127.0.0.1:${await context.app.listen(0)}`;
});
table.after(async ({ app }) => app.close());

const requestBoth = async (app: FrameworkApplication, base: string, path: string, init: RequestInit = {}): Promise<Response[]> => [
  await fetch(`${base}${path}`, init),
  await app.fetch(new Request(`http://localhost${path}`, init)),
];

table('a method the path does not serve is a 405 naming the methods it does, in Allow', async ({ app, base }) => {
  for (const response of await requestBoth(app, base, '/features/text', { method: 'DELETE' })) {
    assert.is(response.status, 405);
    assert.is(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.equal(await response.json(), { status: 405, name: 'MethodNotAllowedException', message: 'Method not allowed' });
  }
  for (const response of await requestBoth(app, base, '/features/created/', { method: 'PUT' })) {
    assert.is(response.status, 405, 'a trailing slash is the same path');
    assert.is(response.headers.get('allow'), 'POST, OPTIONS');
  }
  for (const response of await requestBoth(app, base, '/features/created', { method: 'HEAD' })) {
    assert.is(response.status, 405, 'HEAD is GET without the body: not allowed where GET is not');
    assert.is(response.headers.get('allow'), 'POST, OPTIONS');
  }
});

table('OPTIONS is answered from the table with Allow; a path without routes stays a 404', async ({ app, base }) => {
  for (const response of await requestBoth(app, base, '/features/users/7/posts/42', { method: 'OPTIONS' })) {
    assert.is(response.status, 204);
    assert.is(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.is(await response.text(), '');
  }
  for (const response of await requestBoth(app, base, '/nowhere', { method: 'DELETE' })) {
    assert.is(response.status, 404);
    assert.is(response.headers.get('allow'), null);
  }
  for (const response of await requestBoth(app, base, '/features/any', { method: 'OPTIONS' })) {
    assert.is(response.status, 200, 'an @All() route answers OPTIONS itself');
    assert.is(await response.text(), 'OPTIONS');
  }
});

table('a CORS preflight goes to the preflight hook with the path\'s methods; declined, it is the table\'s 204', async ({ app, base, preflights }) => {
  const preflight = { method: 'OPTIONS', headers: { origin: 'https://allowed.example', 'access-control-request-method': 'POST' } };
  for (const response of await requestBoth(app, base, '/features/created', preflight)) {
    assert.is(response.status, 204);
    assert.is(response.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
    assert.is(response.headers.get('allow'), null);
  }
  assert.equal(preflights, [['POST', 'OPTIONS'], ['POST', 'OPTIONS']]);
  const declined = { method: 'OPTIONS', headers: { origin: 'https://other.example', 'access-control-request-method': 'POST' } };
  for (const response of await requestBoth(app, base, '/features/created', declined)) {
    assert.is(response.status, 204);
    assert.is(response.headers.get('allow'), 'POST, OPTIONS');
    assert.is(response.headers.get('access-control-allow-methods'), null);
  }
});

table('a prefix responder answers before routing, under its prefix only, and may pass', async ({ app, base }) => {
  for (const response of await requestBoth(app, base, '/files/css/site.css')) {
    assert.is(response.status, 200);
    assert.is(await response.text(), 'file /css/site.css');
  }
  for (const response of await requestBoth(app, base, '/files')) assert.is(await response.text(), 'file ');
  for (const response of await requestBoth(app, base, '/files/missing')) assert.is(response.status, 404, 'passed on to routing');
  for (const response of await requestBoth(app, base, '/filesystem')) assert.is(response.status, 404, 'not under the prefix');
  const secure = await app.fetch(new Request('https://localhost/files/a'));
  assert.is(await secure.text(), 'file /a (tls)', 'the port tells a TLS request');
});

table('route headers prepared at init are on every answer, the table\'s too; per-request ones read the request', async ({ app, base }) => {
  for (const response of await requestBoth(app, base, '/features/text', { headers: { origin: 'https://a.example' } })) {
    assert.is(await response.text(), 'plain words');
    assert.is(response.headers.get('x-content-type-options'), 'nosniff');
    assert.is(response.headers.get('x-route'), '/features/text');
    assert.is(response.headers.get('vary'), 'Origin');
  }
  for (const response of await requestBoth(app, base, '/features/text', { method: 'DELETE' })) {
    assert.is(response.status, 405);
    assert.is(response.headers.get('x-route'), 'none');
    assert.is(response.headers.get('vary'), null);
  }
});

table('routes with a pattern parameter or a wildcard are routed, and known to the table (405 with Allow)', async ({ app, base }) => {
  for (const response of await requestBoth(app, base, '/features/numbered/42')) assert.equal(await response.json(), { id: '42' });
  for (const response of await requestBoth(app, base, '/features/numbered/%34%32')) assert.equal(await response.json(), { id: '42' }, 'matched decoded');
  for (const response of await requestBoth(app, base, '/features/numbered/x')) assert.is(response.status, 404, 'the pattern refuses it');
  for (const response of await requestBoth(app, base, '/features/files/a/b.txt')) assert.is(await response.text(), '/features/files/a/b.txt');
  for (const response of await requestBoth(app, base, '/features/files/a', { method: 'HEAD' })) {
    assert.is(response.status, 200, 'HEAD is the GET route without the body');
    assert.is(await response.text(), '');
  }
  for (const response of await requestBoth(app, base, '/features/numbered/7', { method: 'POST' })) {
    assert.is(response.status, 405);
    assert.is(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
  }
  for (const response of await requestBoth(app, base, '/features/files/x/y', { method: 'DELETE' })) assert.is(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
});

table('a path no route has is a 404 with the route headers of answers without a route', async ({ app, base }) => {
  for (const response of await requestBoth(app, base, '/nowhere/at/all', { headers: { origin: 'https://a.example' } })) {
    assert.is(response.status, 404);
    assert.equal(await response.json(), { status: 404, name: 'NotFoundException', message: 'Not found' });
    assert.is(response.headers.get('x-content-type-options'), 'nosniff');
    assert.is(response.headers.get('x-route'), 'none');
    assert.is(response.headers.get('vary'), 'Origin');
  }
});

table.run();
