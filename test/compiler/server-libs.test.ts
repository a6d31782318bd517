/**
 * framework-build reads an app without the browser's lib files (a quarter of a small app's parse,
 * see bench/README.md), whatever its tsconfig lists: `lib.dom.d.ts` is not in its program. A
 * handler that answers a fetch `Response` is still seen as one (Node's own `Response`, from
 * @types/node), and the app's own libs stay what its tsconfig says for tsc and the dev loop's check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBuilder } from '../../compiler/src/index.js';
import { serverLibs } from '../../compiler/src/project/ts-project.js';
import { TMP } from './helpers.js';

/** A small app in TMP/<name>: a tsconfig with `compilerOptions`, and one controller answering a Response. */
function app(name: string, compilerOptions: object): string {
  const dir = path.join(TMP, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', experimentalDecorators: true, strict: true, skipLibCheck: true, types: ['node'], ...compilerOptions }, include: ['src'] }));
  fs.writeFileSync(
    path.join(dir, 'src/app.ts'),
    [
      "import { Controller, Get, Module } from '@framework/core';",
      "@Controller('/file') export class FileController {",
      "  @Get() file(): Response { return new Response('x', { headers: { 'content-type': 'text/plain' } }); }",
      '}',
      '@Module({ controllers: [FileController] }) export class AppModule {}',
      '',
    ].join('\n'),
  );
  return dir;
}

test('the browser libs are left out: "lib": ["ES2023", "DOM"], and a target whose default lib is the .full one', () => {
  assert.equal(serverLibs(path.join(app('libs-listed', { target: 'ES2022', lib: ['ES2023', 'DOM', 'DOM.Iterable'] }), 'tsconfig.json')), ['lib.es2023.d.ts']);
  assert.equal(serverLibs(path.join(app('libs-default', { target: 'ES2022' }), 'tsconfig.json')), ['lib.es2022.d.ts']);
  assert.equal(serverLibs(), ['lib.es2022.d.ts'], 'without a tsconfig: the defaults');
});

test('the build reads no lib.dom.d.ts and still sees a handler that answers a Response', () => {
  const dir = app('libs-build', { target: 'ES2022', lib: ['ES2023', 'DOM'] });
  const builder = createBuilder({ srcDir: path.join(dir, 'src'), outDir: path.join(dir, 'generated'), cwd: dir });
  const result = builder.build();
  assert.equal(result.diagnostics, []);
  const files = builder.project.getProgram().compilerObject.getSourceFiles().map((file) => path.basename(file.fileName));
  assert.ok(files.includes('lib.es2023.d.ts'), 'the listed ES lib is read');
  assert.not.ok(files.some((file) => file.startsWith('lib.dom')), 'no DOM lib');
  const document = JSON.parse(result.files.find((file) => file.path.endsWith('openapi.json'))!.text) as { paths: Record<string, { get: { responses: Record<string, { content?: Record<string, unknown> }> } }> };
  assert.equal(Object.keys(document.paths['/file']!.get.responses['200']!.content ?? {}), ['*/*'], 'a Response answers any media type');
});

test.run();
