/**
 * framework-build parses declaration files as tsc does (see bench/README.md, a small app's build
 * beside tsc): without linking parents at parse (the binder links them), and the JSDoc of the
 * standard library and `@types/*` only where type errors need it. The app's own doc comments, and
 * those of other packages' `.d.ts` (a result type's property descriptions), still reach the
 * OpenAPI document, and a decorator declared in a `.d.ts` is still recognised through the checker.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Project, ts } from 'ts-morph';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBuilder } from '../../compiler/src/index.js';
import { isAmbientTypesFile, isDeclarationFile, parseDeclarationFilesAsTsc } from '../../compiler/src/project/declaration-files.js';
import { TMP } from './helpers.js';

/** A one-controller app in TMP whose handler has a doc comment and a `@throws` tag. */
function app(): string {
  const dir = path.join(TMP, 'declaration-files');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', experimentalDecorators: true, strict: true, skipLibCheck: true, types: ['node'] }, include: ['src'] }),
  );
  fs.writeFileSync(
    path.join(dir, 'src/app.ts'),
    [
      "import { Controller, Get, Module, NotFoundException, Param } from '@framework/core';",
      "import type { Note } from 'note-shapes';",
      "@Controller('/notes') export class NotesController {",
      '  /**',
      '   * Reads one note. Its text, as it was saved.',
      '   * @throws {NotFoundException} when no note has this id',
      '   */',
      "  @Get('/:id') findOne(@Param('id') id: string): Note { if (id === '0') throw new NotFoundException(); return { text: id }; }",
      '}',
      '@Module({ controllers: [NotesController] }) export class AppModule {}',
      '',
    ].join('\n'),
  );
  // A package whose result type documents its property, as a shared package of DTOs would.
  fs.mkdirSync(path.join(dir, 'node_modules/note-shapes'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules/note-shapes/package.json'), JSON.stringify({ name: 'note-shapes', version: '1.0.0', types: 'index.d.ts' }));
  fs.writeFileSync(path.join(dir, 'node_modules/note-shapes/index.d.ts'), 'export interface Note {\n  /** The note as it was written. */\n  text: string;\n}\n');
  return dir;
}

/** Every node of a file that carries parsed JSDoc. */
function nodesWithJsDoc(file: ts.SourceFile): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if ((node as { jsDoc?: unknown[] }).jsDoc?.length) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

test('declaration file names, and those whose doc comments nothing reads', () => {
  for (const name of ['/a/lib.es2022.d.ts', '/a/index.d.mts', '/a/index.d.cts', '/a/styles.d.css.ts']) assert.ok(isDeclarationFile(name), name);
  for (const name of ['/a/app.ts', '/a/app.mts', '/a/d.ts.ts', '/a/app.tsx']) assert.not.ok(isDeclarationFile(name), name);
  for (const name of ['/r/node_modules/@types/node/fs.d.ts', '/node_modules/typescript/lib/lib.es2023.d.ts']) assert.ok(isAmbientTypesFile(name), name);
  for (const name of ['/r/node_modules/@framework/core/dist/index.d.ts', '/r/node_modules/@types/node/fs.ts', '/r/src/shapes.d.ts']) assert.not.ok(isAmbientTypesFile(name), name);
});

test('the build reads no JSDoc of @types/node, and that of the app and of other packages as before', () => {
  const dir = app();
  const builder = createBuilder({ srcDir: path.join(dir, 'src'), outDir: path.join(dir, 'generated'), cwd: dir });
  const result = builder.build();
  assert.equal(result.diagnostics, []);
  assert.equal(result.stats.routes, 1, 'the @Get of the runtime\'s .d.ts is recognised through the checker');

  const program = builder.project.getProgram().compilerObject;
  const nodeFs = program.getSourceFiles().find((file) => /\/@types\/node\/fs\.d\.ts$/.test(file.fileName));
  assert.ok(nodeFs, '@types/node is in the program');
  const whole = ts.createSourceFile(nodeFs.fileName, nodeFs.text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseAll });
  const documented = nodesWithJsDoc(whole).length;
  assert.ok(documented > 200, `it has doc comments (${documented})`);
  // tsc's mode keeps those with an @see or @link, which a type error may name.
  assert.ok(nodesWithJsDoc(nodeFs).length < documented / 5, `which are not parsed (${nodesWithJsDoc(nodeFs).length} of ${documented})`);
  const runtimeDecorators = program.getSourceFiles().find((file) => /@framework\/core\/.*decorators\/http\.d\.ts$|runtime\/core\/dist\/decorators\/http\.d\.ts$/.test(file.fileName));
  assert.ok(runtimeDecorators, 'the runtime\'s decorators are in the program');
  assert.ok(nodesWithJsDoc(runtimeDecorators).length > 0, 'a package\'s doc comments are parsed');
  assert.ok(runtimeDecorators.statements.every((statement) => statement.parent === runtimeDecorators), 'parents linked by the binder');

  const appFile = program.getSourceFiles().find((file) => file.fileName.endsWith('/src/app.ts'))!;
  assert.ok(nodesWithJsDoc(appFile).length > 0, 'the app\'s own doc comments are parsed');
  const openapi = result.files.find((file) => file.path.endsWith('openapi.json'))!.text;
  const document = JSON.parse(openapi) as { paths: Record<string, { get: { summary?: string; responses: Record<string, unknown> } }> };
  const operation = document.paths['/notes/{id}']!.get;
  assert.equal(operation.summary, 'Reads one note.');
  assert.ok('404' in operation.responses, 'the @throws of the doc comment is a response');
  assert.ok(openapi.includes('"description": "The note as it was written."'), 'the package\'s result type keeps its property\'s description');
});

test('a .d.ts changed on disk is parsed again when its project is refreshed', () => {
  const dir = path.join(TMP, 'declaration-files-refresh');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'shape.d.ts'), '/** A shape. */ export declare const sides: number;\n');
  fs.writeFileSync(path.join(dir, 'use.ts'), "import { sides } from './shape.js';\nexport const n: number = sides;\n");
  const project = new Project({ compilerOptions: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noLib: true } });
  assert.ok(parseDeclarationFilesAsTsc(project), 'this ts-morph has the registry it hooks into');
  project.addSourceFilesAtPaths(`${dir}/*.ts`);
  const errors = () => project.getProgram().getSemanticDiagnostics().map((d) => d.getMessageText()).map((m) => (typeof m === 'string' ? m : m.getMessageText()));
  assert.equal(errors(), []);
  const shape = project.getSourceFileOrThrow('shape.d.ts');
  assert.is(shape.compilerNode.statements[0]!.parent, shape.compilerNode, 'parents linked by the binder');
  fs.writeFileSync(path.join(dir, 'shape.d.ts'), 'export declare const sides: string;\n');
  shape.refreshFromFileSystemSync();
  assert.match(errors().join('\n'), /'string' is not assignable to type 'number'/);
});

test.run();
