// The Node-native path's router picks the route Hono's picks (`strict: false`), with the same
// parameter values, for every path: generated route sets and tens of thousands of generated paths,
// literal and parametrised segments mixed, registration order deciding between them.
import { Hono } from 'hono';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CompiledRouter, parameterNames } from '../../runtime/core/src/http/compiled-router.js';
import { pathOfTarget, routedPath } from '../../runtime/core/src/http/pipeline/request-path.js';
import { seeded } from '../seeded-random.js';


const words = ['todo', 'user', 'a', 'b.c', 'x-y', 'all', '42', 'posts'];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function routePath(next: () => number, parameter: () => string): string {
  const depth = 1 + Math.floor(next() * 3);
  let path = '';
  for (let i = 0; i < depth; i++) path += '/' + (next() < 0.35 ? `:${parameter()}` : pick(next, words));
  return path;
}

function requestPath(next: () => number): string {
  const depth = Math.floor(next() * 5);
  let path = '';
  for (let i = 0; i < depth; i++) path += '/' + (next() < 0.1 ? '' : pick(next, [...words, 'zz', '7', '%41']));
  if (path === '' || next() < 0.15) path += '/';
  return path;
}

test('the same route and parameters as Hono for generated routes and paths', async () => {
  for (let seed = 1; seed <= 40; seed++) {
    const next = seeded(seed);
    const hono = new Hono({ strict: false });
    const router = new CompiledRouter<number>();
    const routes: string[] = [];
    let parameters = 0;
    const count = 2 + Math.floor(next() * 10);
    for (let id = 0; id < count; id++) {
      const path = routePath(next, () => `p${parameters++}`);
      routes.push(path);
      hono.get(path, (c) => c.json({ id, params: c.req.param() }));
      router.add('GET', path, id);
    }
    for (let i = 0; i < 1000; i++) {
      const path = requestPath(next);
      const response = await hono.request(`http://localhost${path}`);
      const expected = response.status === 404 ? undefined : ((await response.json()) as { id: number; params: Record<string, string> });
      const match = router.match('GET', routedPath(path));
      const names = match ? [...routes[match.handler]!.matchAll(/:(\w+)/g)].map((m) => m[1]!) : [];
      const actual = match && { id: match.handler, params: Object.fromEntries(names.map((name, k) => [name, decodeURIComponent(match.values[k]!)])) };
      assert.equal(actual, expected, `seed ${seed}, routes ${JSON.stringify(routes)}, path ${path}`);
    }
  }
});

test('wildcards, pattern and optional parameters: the same route and parameters as Hono', async () => {
  const routes = ['/api/*', '/x/*/y', '/n/:id{[0-9]+}', '/o/:a/:b?', '/p/:rest{.+}', '/q*', '/f/:name.json', '/n/:other'];
  const hono = new Hono({ strict: false });
  const router = new CompiledRouter<number>();
  routes.forEach((path, id) => {
    hono.get(path, (c) => c.json({ id, params: c.req.param() }));
    router.add('GET', path, id);
  });
  const paths = ['/api', '/api/', '/api/a/b', '/apix', '/x/1/y', '/x/1/2/y', '/x/y', '/n/12', '/n/ab', '/o/1', '/o/1/2', '/o/1/2/3', '/p/a/b', '/q', '/qq', '/q/z', '/f/a.json', '/n/%31'];
  for (const path of paths) {
    const response = await hono.request(`http://localhost${path}`);
    const expected = response.status === 404 ? undefined : ((await response.json()) as { id: number; params: Record<string, string> });
    const match = router.match('GET', pathOfTarget(path));
    const names = match ? parameterNames(routes[match.handler]!) : [];
    const actual = match && { id: match.handler, params: Object.fromEntries(names.flatMap((name, k) => (match.values[k] === undefined ? [] : [[name, match.values[k]!]]))) };
    assert.equal(actual, expected, path);
  }
});

test('static and parametrised routes: the one registered first wins', () => {
  const router = new CompiledRouter<string>();
  router.add('GET', '/todo/:id', 'one');
  router.add('GET', '/todo/all', 'all');
  router.add('GET', '/user/all', 'static user');
  router.add('GET', '/user/:id', 'one user');
  assert.equal(router.match('GET', '/todo/all'), { handler: 'one', values: ['all'] });
  assert.equal(router.match('GET', '/user/all'), { handler: 'static user', values: [] });
  assert.equal(router.match('GET', '/user/7'), { handler: 'one user', values: ['7'] });
  assert.is(router.match('GET', '/user/7/x'), undefined);
  assert.is(router.match('GET', '/user'), undefined);
  assert.is(router.match('POST', '/user/7'), undefined);
});

test.run();
