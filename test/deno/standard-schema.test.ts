// Standard Schema bodies and queries on Deno (Hono on Deno.serve) and on Node, from one build of a
// small app: framework-build, tsc, then the same compiled JavaScript started under each runtime.
import { build } from '@framework/compiler';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectedReasons, INVALID_TODOS, VALID_TODO } from '../http/fixtures/standard-schema/expected-reasons.js';
import { ArkCreateTodo, ValibotCreateTodo, ZodCreateTodo } from '../http/fixtures/standard-schema/src/schemas.js';
import { denoExecutable, denoRunFlags, launch, type LaunchedServer } from '../launch.js';

const fixture = new URL('./fixtures/schemas/', import.meta.url);
const built = await build({ srcDir: fileURLToPath(new URL('src', fixture)), outDir: fileURLToPath(new URL('generated', fixture)), write: true, openapi: false });
if (!built.ok) throw new Error(built.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
const compile = spawnSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', fileURLToPath(fixture)], { encoding: 'utf8' });
if (compile.status !== 0) throw new Error(`tsc failed on the fixture:\n${compile.stdout}${compile.stderr}`);
const main = fileURLToPath(new URL('../.tmp/deno-schemas/dist/test/deno/fixtures/schemas/src/main.js', import.meta.url));

function register(runtime: string, start: () => Promise<LaunchedServer>): void {
  const s = suite<{ server: LaunchedServer }>(`Standard Schema bodies (${runtime})`);
  s.before(async (context) => {
    context.server = await start();
  });
  s.after(async ({ server }) => server.stop());
  const post = (server: LaunchedServer, path: string, body: string) => fetch(server.base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  for (const [library, schema] of [['zod', ZodCreateTodo], ['valibot', ValibotCreateTodo], ['arktype', ArkCreateTodo]] as const) {
    s(`${library}: valid (output with its default, extra stripped), each invalid member, missing, wrong JSON`, async ({ server }) => {
      const valid = await post(server, `/todo/${library}`, JSON.stringify({ ...VALID_TODO, extra: 1 }));
      assert.equal(await valid.json(), { ...VALID_TODO, done: false });
      for (const { what, body } of INVALID_TODOS) {
        const answer = await post(server, `/todo/${library}`, JSON.stringify(body));
        assert.is(answer.status, 400, what);
        assert.equal(((await answer.json()) as { reasons: unknown }).reasons, await expectedReasons(schema, body), what);
      }
      const malformed = await post(server, `/todo/${library}`, '{"name":');
      assert.is(malformed.status, 400);
      assert.is(((await malformed.json()) as { name: string }).name, 'MalformedBodyException');
    });
  }

  s('a query schema coerces and defaults; a bad value is NotValidQueryException', async ({ server }) => {
    assert.equal(await (await fetch(`${server.base}/todo/list?limit=3&sort=desc`)).json(), { limit: 3, sort: 'desc' });
    const bad = await fetch(`${server.base}/todo/list?limit=x`);
    assert.is(bad.status, 400);
    assert.is(((await bad.json()) as { name: string }).name, 'NotValidQueryException');
  });
  s.run();
}

const deno = denoExecutable();
if ('reason' in deno) console.log(`skipped the Deno suite: ${deno.reason}`);
else register('deno', () => launch(deno.path, [...denoRunFlags(), main]));
register('node', () => launch(process.execPath, [main]));
