// The watcher keeps seeing a file after atomic saves (write a temp file, rename it over the
// original: vim, JetBrains' safe write), and sees new directories, moved and deleted files.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createBuilder, watchSources, type BuildResult } from '../../compiler/src/index.js';
import { fixtureSrc, ROOT, TMP } from './helpers.js';

const src = path.join(TMP, 'watch-atomic-src');
const out = path.join(TMP, 'watch-atomic-out');
const file = path.join(src, 'app.module.ts');

function atomicSave(target: string, text: string): void {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.tmp-${process.pid}`);
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, target);
}

/** Waits for the next build after `action`, or fails naming what was waited for. */
async function nextBuild(builds: BuildResult[], what: string, action: () => void): Promise<BuildResult> {
  const before = builds.length;
  action();
  for (let i = 0; i < 200 && builds.length === before; i++) await new Promise((r) => setTimeout(r, 25));
  // Let a batch that straddles the debounce settle into its last build.
  await new Promise((r) => setTimeout(r, 150));
  assert.ok(builds.length > before, `no rebuild after ${what}`);
  return builds.at(-1)!;
}

const routes = (result: BuildResult): string[] => (result.model?.routes.map((r) => r.path) ?? []).sort();

test('every atomic save of the same file rebuilds, and a fixed error goes away', async () => {
  fs.rmSync(src, { recursive: true, force: true });
  fs.rmSync(out, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, fixtureSrc('fw1203-duplicate')), src, { recursive: true });
  const original = fs.readFileSync(file, 'utf8');
  const builder = createBuilder({ srcDir: src, outDir: out, cwd: ROOT });
  assert.is(builder.build().ok, false, 'the fixture starts with a duplicate route');
  const builds: BuildResult[] = [];
  const watcher = watchSources(builder, builder.build().srcDir, builder.build().outDir, (r) => builds.push(r), 20);
  try {
    const fixed = original.replace("@Get(':key/')", "@Get('/by-key/:key')");
    let result = await nextBuild(builds, 'the first atomic save', () => atomicSave(file, fixed));
    assert.ok(result.ok, 'the fix is seen');
    assert.ok(routes(result).includes('/users/by-key/:key'), routes(result).join());

    result = await nextBuild(builds, 'the second atomic save', () => atomicSave(file, fixed.replace("'/by-key/:key'", "'/by-name/:key'")));
    assert.ok(routes(result).includes('/users/by-name/:key'), routes(result).join());

    result = await nextBuild(builds, 'the third atomic save (the error back)', () => atomicSave(file, original));
    assert.is(result.ok, false);
    assert.equal(result.diagnostics.map((d) => d.code), ['FW1203']);

    result = await nextBuild(builds, 'a plain write after atomic saves', () => fs.writeFileSync(file, fixed));
    assert.ok(result.ok);
  } finally {
    watcher.close();
  }
});

test('a new directory with a file, a moved file and a deleted file are seen', async () => {
  const builder = createBuilder({ srcDir: src, outDir: out, cwd: ROOT });
  assert.ok(builder.build().ok);
  const builds: BuildResult[] = [];
  const watcher = watchSources(builder, builder.build().srcDir, builder.build().outDir, (r) => builds.push(r), 20);
  const extra = "import { Controller, Get } from '@framework/core';\n\n@Controller('/extra')\nexport class ExtraController {\n  @Get() list() { return []; }\n}\n";
  try {
    const dir = path.join(src, 'extra');
    let result = await nextBuild(builds, 'a new directory', () => {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'extra.controller.ts'), extra);
    });
    assert.equal(result.diagnostics.map((d) => `${path.basename(d.file)} ${d.code}`), ['extra.controller.ts FW1003'], 'the new file is read');

    result = await nextBuild(builds, 'a rename', () => fs.renameSync(path.join(dir, 'extra.controller.ts'), path.join(dir, 'other.controller.ts')));
    assert.equal(result.diagnostics.map((d) => `${path.basename(d.file)} ${d.code}`), ['other.controller.ts FW1003']);

    result = await nextBuild(builds, 'a deleted directory', () => fs.rmSync(dir, { recursive: true }));
    assert.equal(result.diagnostics, []);
  } finally {
    watcher.close();
  }
});

test('a fixed tsconfig.json (saved atomically) rebuilds and clears its set-up diagnostic', async () => {
  const dir = path.join(TMP, 'watch-config');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, 'test/compiler/fixtures/fw1601-experimental-decorators'), dir, { recursive: true });
  fs.cpSync(path.join(ROOT, 'test/compiler/fixtures/setup-app/src'), path.join(dir, 'src'), { recursive: true });
  const builder = createBuilder({ srcDir: path.join(dir, 'src'), outDir: path.join(dir, 'generated'), cwd: ROOT });
  const first = builder.build();
  assert.equal(first.diagnostics.map((d) => d.code), ['FW1601']);
  const builds: BuildResult[] = [];
  const watcher = watchSources(builder, first.srcDir, first.outDir, (r) => builds.push(r), 20);
  try {
    const tsconfig = path.join(dir, 'tsconfig.json');
    const fixed = fs.readFileSync(tsconfig, 'utf8').replace('"strict": true', '"strict": true,\n    "experimentalDecorators": true');
    const result = await nextBuild(builds, 'saving tsconfig.json', () => atomicSave(tsconfig, fixed));
    assert.equal(result.diagnostics, []);
    assert.ok(result.ok);
  } finally {
    watcher.close();
  }
});

test('a .proto loaded from outside srcDir is watched too (atomic save of the schema: the new RPC is reported)', async () => {
  const dir = path.join(TMP, 'watch-outside-proto');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, fixtureSrc('fw1406-unbound-rpc')), path.join(dir, 'src'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'protos'));
  const proto = path.join(dir, 'protos/todo.proto');
  fs.renameSync(path.join(dir, 'src/todo.proto'), proto);
  fs.writeFileSync(proto, fs.readFileSync(proto, 'utf8').replace('  rpc CreateTodo (Todo) returns (Todo);\n', ''));
  const module = path.join(dir, 'src/app.module.ts');
  fs.writeFileSync(module, fs.readFileSync(module, 'utf8').replace("'./todo.proto'", "'../protos/todo.proto'"));
  const builder = createBuilder({ srcDir: path.join(dir, 'src'), outDir: path.join(dir, 'generated'), cwd: ROOT });
  const first = builder.build();
  assert.equal(first.diagnostics, [], 'the proto outside src is read');
  const builds: BuildResult[] = [];
  const watcher = watchSources(builder, first.srcDir, first.outDir, (r) => builds.push(r), 20);
  try {
    const text = fs.readFileSync(proto, 'utf8').replace('rpc GetTodo (GetTodoRequest) returns (Todo);', 'rpc GetTodo (GetTodoRequest) returns (Todo);\n  rpc Archive (Todo) returns (Todo);');
    const result = await nextBuild(builds, 'saving the .proto outside srcDir', () => atomicSave(proto, text));
    assert.equal(result.diagnostics.map((d) => d.code), ['FW1406']);
    assert.match(result.diagnostics[0]!.message, /RPC Archive of todo\.TodoService/);
  } finally {
    watcher.close();
  }
});

test.run();
