// The dashboard's route catalog marks a JSON array body (`@Body() items: ItemDto[]`), so the
// catalog page names it as an array and the explorer starts its body as an array of one element
// (an object body is not marked: test/dev-dashboard/api.test.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../compiler/src/builder/builder.js';
import { catalogOf } from '../../compiler/src/dev/dashboard/catalog.js';

const fixture = fileURLToPath(new URL('../validation/fixtures/array-bodies/', import.meta.url));

test('an array body is marked in the catalog', async () => {
  const result = await build({ srcDir: path.join(fixture, 'src'), outDir: path.join(fixture, 'generated'), write: false, openapi: false });
  assert.ok(result.ok && result.model, result.diagnostics.map((d) => d.message).join('\n'));
  const routes = catalogOf(result.model).routes;
  for (const at of ['/batch/items', '/batch/generic', '/batch/readonly']) {
    const route = routes.find((r) => 'path' in r && r.path === at && r.method === 'POST');
    assert.ok(route && 'body' in route && route.body, `POST ${at} in the catalog`);
    assert.is(route.body.name, 'ItemDto');
    assert.is(route.body.array, true, at);
    assert.ok(route.body.members.some((m) => m.name === 'name'), 'the element DTO members');
  }
});

test.run();
