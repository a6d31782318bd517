/**
 * `.mts`, `.cts` and `.tsx` sources under srcDir are read like `.ts` ones: discovered, hashed into
 * the manifest, refreshed in watch mode and watched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBuilder, watchSources, type BuildResult } from '../../compiler/src/index.js';
import { isSourcePath } from '../../compiler/src/files/file-paths.js';
import { compileFixture, fixtureSrc, ROOT, TMP } from './helpers.js';

const manifestOf = (r: BuildResult): string | undefined => /manifest: '([0-9a-f]+)'/.exec(r.files[0]?.text ?? '')?.[1];

function copyFixture(name: string): string {
  const dir = path.join(TMP, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, fixtureSrc('source-extensions')), dir, { recursive: true });
  return dir;
}

test('a module in .mts, a controller in .tsx and an injectable in .cts are discovered and imported with .mjs/.js/.cjs', async () => {
  const result = await compileFixture('source-extensions');
  assert.equal(result.diagnostics, []);
  assert.equal(result.model?.modules.map((m) => m.module.name), ['AppModule', 'ItemsModule']);
  assert.equal(result.model?.routes.map((r) => `${r.method} ${r.path}`), ['GET /view', 'GET /items']);
  const text = result.files[0]!.text;
  for (const specifier of ['items.module.mjs', 'view.controller.js', 'clock.service.cjs']) assert.ok(text.includes(`/source-extensions/src/${specifier}'`), specifier);
});

test('the manifest covers .mts files, and refresh (watch mode) re-reads, adds and forgets them', () => {
  const src = copyFixture('ext-refresh');
  const builder = createBuilder({ srcDir: src, outDir: path.join(TMP, 'ext-refresh-out'), cwd: ROOT });
  const first = builder.build();
  assert.is(first.ok, true);

  fs.appendFileSync(path.join(src, 'items.module.mts'), '\n// changed\n');
  builder.refresh([path.join(src, 'items.module.mts')]);
  const second = builder.build();
  assert.is.not(manifestOf(second), manifestOf(first));

  const extra = path.join(src, 'extra.controller.cts');
  fs.writeFileSync(extra, "import { Controller } from '@framework/core';\n\n@Controller('/extra')\nexport class ExtraController {}\n");
  builder.refresh([extra]);
  assert.equal(builder.build().diagnostics.map((d) => `${path.basename(d.file)} ${d.code}`), ['extra.controller.cts FW1003']);

  fs.rmSync(extra);
  builder.refresh([extra]);
  assert.equal(builder.build().diagnostics, []);
});

test('--watch reacts to a change of a .tsx file', async () => {
  const src = copyFixture('ext-watch');
  const builder = createBuilder({ srcDir: src, outDir: path.join(TMP, 'ext-watch-out'), cwd: ROOT });
  builder.build();
  const builds: BuildResult[] = [];
  const watcher = watchSources(builder, src, path.join(TMP, 'ext-watch-out'), (r) => builds.push(r), 20);
  try {
    const view = path.join(src, 'view.controller.tsx');
    fs.writeFileSync(view, fs.readFileSync(view, 'utf8').replace("@Get('/')", "@Get('/page')"));
    for (let i = 0; i < 200 && builds.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(builds.at(-1)?.model?.routes.some((r) => r.path === '/view/page'));
  } finally {
    watcher.close();
  }
});

test('isSourcePath: .ts, .tsx, .mts, .cts (declaration files too), nothing else', () => {
  assert.equal(['a.ts', 'a.tsx', 'a.mts', 'a.cts', 'a.d.ts', 'a.js', 'a.proto', 'a.mjs'].map(isSourcePath), [true, true, true, true, true, false, false, false]);
});

test.run();
