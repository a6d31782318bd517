// app.serveDocs: the document, the page and Swagger UI's files (app.serveStatic of swagger-ui-dist), served outside the request chain.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { docsRoutes } from '../../runtime/core/src/swagger-ui/docs-page.js';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';
process.env.DOCS = 'true'; // the example serves its docs page only when asked

const document = { openapi: '3.1.0', info: { title: 'Docs <test>', version: '1.0.0' }, paths: {} };

test('the routes under a base path: page, document, start script', async () => {
  const routes = docsRoutes('/reference/', document);
  assert.equal(routes.map((r) => r.path), ['/reference', '/reference/openapi.json', '/reference/reference.js']);
  const [page, json, start] = routes as [(typeof routes)[0], (typeof routes)[0], (typeof routes)[0]];
  const html = await (await page.respond(new Request('http://x/reference'))).text();
  assert.match(html, '<title>Docs &#60;test&#62;</title>');
  assert.match(html, '<script src="/reference/reference.js"></script>');
  assert.not.match(html, /<script>/, 'no inline script: the policy forbids them');
  assert.match(await (await start.respond(new Request('http://x/reference/reference.js'))).text(), '"/reference/openapi.json"');
  assert.not.match(html, 'http', 'nothing is loaded from elsewhere');
  assert.equal(await (await json.respond(new Request('http://x/reference/openapi.json'))).json(), document);
});

test('on the example: public (no token needed under its global guard), and refused after init', async () => {
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app } = await bootstrap();
  const page = await app.fetch(new Request('http://x/docs'));
  assert.is(page.status, 200);
  assert.match(await page.text(), '<title>Todo example</title>');
  assert.is((await app.fetch(new Request('http://x/docs/openapi.json'))).status, 200);
  assert.is((await app.fetch(new Request('http://x/docs/assets/swagger-ui-bundle.js'))).status, 200);
  // Swagger UI's files are app.serveStatic of the installed swagger-ui-dist: types, validators, caching.
  const css = await app.fetch(new Request('http://x/docs/assets/swagger-ui.css'));
  assert.is(css.headers.get('content-type'), 'text/css; charset=utf-8');
  assert.is(css.headers.get('cache-control'), 'public, max-age=3600');
  assert.ok(css.headers.get('etag'));
  const installed = fileURLToPath(new URL('../../node_modules/swagger-ui-dist/swagger-ui.css', import.meta.url));
  assert.is(await css.text(), fs.readFileSync(installed, 'utf8'));
  assert.is((await app.fetch(new Request('http://x/docs/assets/%2e%2e/package.json'))).status, 404);
  assert.throws(() => app.serveDocs('/other', document), /serveDocs\(\) was called after init\(\)/);
  await app.close();
});

test.run();
