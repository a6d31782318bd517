// The dashboard's catalog says where each step of a route's chain is applied to that route (the
// `@UseGuard(…)` of the method or of its controller, a module's `GLOBAL_GUARD` entry), beside
// where its class is declared: a click on a guard opens the line that put it on this route.
// Read over HTTP from the dashboard's server, fed the build of the chain fixture.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../compiler/src/builder/builder.js';
import { startDashboard, type Dashboard } from '../../compiler/src/dev/dashboard/dashboard.js';
import type { Catalog, ChainStep } from '../../compiler/src/dev/dashboard/catalog.js';

const src = fileURLToPath(new URL('../chain/fixtures/app/src/', import.meta.url));
let dashboard: Dashboard | undefined;
test.after(() => dashboard?.close());

/** `file:line:column` of `text` in a file of the fixture (its first occurrence). */
function at(file: string, text: string): string {
  const lines = fs.readFileSync(path.join(src, file), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  assert.ok(line >= 0, `${text} in ${file}`);
  return `${file}:${line + 1}:${lines[line]!.indexOf(text) + 1}`;
}

test('a guard links to the @UseGuard that applied it (method or controller) and to its class', async () => {
  const result = await build({ srcDir: src, root: 'AppModule', write: false, openapi: false });
  assert.ok(result.ok, result.diagnostics.map((d) => d.message).join('\n'));
  dashboard = startDashboard({ port: 0, cwd: src });
  const started = await dashboard.started;
  if (!('url' in started)) throw new Error(started.error);
  dashboard.built(result, { errors: 0, ms: 1, text: '' });
  await dashboard.settled();
  const catalog = (await (await fetch(`${started.url}api/routes`)).json()) as Catalog;
  const order = catalog.routes.find((r) => r.method === 'GET' && r.path === '/chain/order');
  assert.ok(order, 'GET /chain/order');
  const step = (kind: ChainStep['kind'], name: string): ChainStep => {
    const found = order.chain.find((s) => s.kind === kind && s.name === name);
    assert.ok(found, `${kind} ${name} in ${JSON.stringify(order.chain)}`);
    return found;
  };

  assert.is(step('guard', 'HandlerGuard').applied, at('chain.controller.ts', 'HandlerGuard)'), "the method's @UseGuard");
  assert.is(step('guard', 'ControllerGuard').applied, at('chain.controller.ts', 'ControllerGuard)'), "the controller's @UseGuard");
  assert.is(step('guard', 'GLOBAL_GUARD (GlobalGuard)').applied, at('app.module.ts', 'GlobalGuard }, {'), 'the GLOBAL_GUARD entry');
  assert.is(step('guard', 'HandlerGuard').declared, at('guards.ts', 'export class HandlerGuard'), 'and where its class is declared');
  assert.is(step('middleware', 'handlerMiddleware').applied, at('chain.controller.ts', 'handlerMiddleware)'));
  assert.is(step('interceptor', 'ControllerInterceptor').applied, at('chain.controller.ts', 'ControllerInterceptor)'));
  assert.is(step('filter', 'ControllerFilter').applied, at('chain.controller.ts', 'ControllerFilter)'));
  const open = catalog.routes.find((r) => r.path === '/chain/open');
  assert.equal(open?.chain.filter((s) => s.kind === 'guard').map((s) => s.applied), [step('guard', 'GLOBAL_GUARD (GlobalGuard)').applied, step('guard', 'ControllerGuard').applied], 'a route without its own guard: the global and the controller ones');
});

test.run();
