// The generator's own behaviour without npm: what it writes, for HTTP and gRPC, how it depends on
// packed tarballs, and its refusals (a folder in use, a missing tarball, wrong arguments).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp, renderTemplate } from '../../create-framework-app/src/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-generator-'));
const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'create-framework-app/package.json'), 'utf8')) as { version: string }).version;
test.after(() => fs.rmSync(parent, { recursive: true, force: true }));

const read = (dir: string, file: string): string => fs.readFileSync(path.join(dir, file), 'utf8');
const cli = (args: string[]) =>
  spawnSync(process.execPath, [path.join(ROOT, 'create-framework-app/bin/create-framework-app.js'), ...args], { cwd: parent, encoding: 'utf8' });

test('renderTemplate keeps or drops #if grpc blocks (code and Markdown markers) and fills {{name}}', () => {
  const text = 'a\n// #if grpc\nb\n// #else\nc\n// #endif\n<!-- #if grpc -->\nd\n<!-- #endif -->\n{{name}}\n';
  assert.is(renderTemplate(text, { name: 'api', grpc: false }), 'a\nc\napi\n');
  assert.is(renderTemplate(text, { name: 'api', grpc: true }), 'a\nb\nd\napi\n');
});

test('an HTTP app: the files, a package.json of type module with the five scripts, the framework at its one version', () => {
  const app = createApp({ dir: path.join(parent, 'My API') });
  assert.is(app.name, 'my-api');
  assert.equal(app.files, [
    '.gitignore', 'README.md', 'package.json', 'src/app.module.ts', 'src/bootstrap.ts', 'src/greeting/create-greeting.dto.ts',
    'src/greeting/greeting.controller.ts', 'src/greeting/greeting.service.ts', 'src/main.ts', 'test/app.test.ts', 'test/greeting.service.test.ts', 'tsconfig.json',
  ]);
  const manifest = JSON.parse(read(app.dir, 'package.json')) as Record<string, Record<string, string> | string>;
  assert.is(manifest.type, 'module');
  assert.equal(Object.keys(manifest.scripts as object), ['build', 'build:prod', 'dev', 'start', 'test']);
  assert.is((manifest.scripts as Record<string, string>)['build:prod'], 'framework-build src --out generated && framework-build bundle src/main.ts --out dist/bundle');
  assert.is((manifest.scripts as Record<string, string>).dev, 'framework-build dev src --entry src/main.ts');
  assert.equal(manifest.dependencies, { '@framework/core': `^${version}`, 'class-validator': '^0.15.1' });
  assert.is((manifest.devDependencies as Record<string, string>)['@framework/compiler'], `^${version}`);
  assert.is((manifest.devDependencies as Record<string, string>)['@framework/testing'], `^${version}`);
  // A glob of files: a folder is no test path for `node --test` since Node 21.
  assert.is((manifest.scripts as Record<string, string>).test, 'npm run build && node --test dist/test/*.test.js');
  // The Node it is generated on is the Node it targets, types included.
  const major = Number(process.versions.node.split('.')[0]);
  assert.match((manifest.devDependencies as Record<string, string>)['@types/node']!, new RegExp(`^\\^${major}\\.`));
  assert.match((manifest.engines as Record<string, string>).node!, new RegExp(major === 20 ? '\\^20\\.19\\.0 \\|\\| >=22\\.12\\.0' : `^>=${major}`));
  assert.equal(manifest.scarfSettings, { enabled: false }, 'no install telemetry if swagger-ui-dist is added');
  for (const file of app.files) assert.not.match(read(app.dir, file), /#if grpc|#endif|\{\{name\}\}|GrpcServer|greeting\.proto/, file);
  assert.match(read(app.dir, 'src/main.ts'), /my-api: HTTP on http:\/\/localhost:/);
  assert.match(read(app.dir, 'src/main.ts'), /my-api: cannot start\. Port \$\{wanted\} \(\$\{variable\}\) is in use/, 'a taken port is one line, not a stack');
  // Hono serves only app.fetch and the Web hosts; on Node no Hono module loads.
  assert.match(read(app.dir, 'README.md'), /served over HTTP from `node:http` directly/);
  const tsconfig = JSON.parse(read(app.dir, 'tsconfig.json')) as { compilerOptions: Record<string, unknown>; include: string[] };
  assert.is(tsconfig.compilerOptions.experimentalDecorators, true);
  assert.equal(tsconfig.include, ['src', 'generated', 'test']);
});

test('--grpc adds the .proto, the gRPC controller, GrpcServer in bootstrap and a gRPC test', () => {
  const app = createApp({ dir: path.join(parent, 'grpc'), grpc: true });
  assert.ok(app.files.includes('src/greeting/greeting.proto') && app.files.includes('src/greeting/greeting.grpc-controller.ts'));
  assert.match(read(app.dir, 'src/app.module.ts'), /controllers: \[GreetingController, GreeterGrpcController\]/);
  assert.match(read(app.dir, 'src/bootstrap.ts'), /const grpc = new GrpcServer\(app\);\n {2}await app\.init\(AppModule\);/);
  assert.match(read(app.dir, 'test/app.test.ts'), /greeting\.Greeter\/SayHello/);
  const manifest = JSON.parse(read(app.dir, 'package.json')) as { dependencies: Record<string, string>; scripts: Record<string, string> };
  assert.is(manifest.dependencies['@framework/grpc'], `^${version}`);
  assert.match(manifest.scripts.build!, /cpSync\('src', 'dist\/src'/);
});

test('--workers adds the Worker entry, wrangler.toml and build:worker; with --grpc it is refused', () => {
  const app = createApp({ dir: path.join(parent, 'edge'), workers: true });
  assert.ok(app.files.includes('src/worker.ts') && app.files.includes('wrangler.toml'));
  assert.match(read(app.dir, 'wrangler.toml'), /^main = "dist\/worker\/worker\.mjs"$/m);
  assert.match(read(app.dir, 'wrangler.toml'), /^name = "edge"$/m);
  const manifest = JSON.parse(read(app.dir, 'package.json')) as { scripts: Record<string, string> };
  assert.is(manifest.scripts['build:worker'], 'framework-build src --out generated && framework-build bundle src/worker.ts --target workers --out dist/worker');
  for (const file of app.files) assert.not.match(read(app.dir, file), /#if workers|#endif/, file);
  const plain = createApp({ dir: path.join(parent, 'not-edge') });
  assert.not.ok(plain.files.includes('src/worker.ts') || plain.files.includes('wrangler.toml'));
  assert.not.match(read(plain.dir, 'README.md'), /Cloudflare Worker/);
  assert.throws(() => createApp({ dir: path.join(parent, 'both'), grpc: true, workers: true }), /--grpc and --workers do not go together: a Worker answers HTTP only/);
  assert.not.ok(fs.existsSync(path.join(parent, 'both')), 'nothing written');
});

test('--lambda adds the handler and build:lambda, beside --workers too; with --grpc it is refused', () => {
  const app = createApp({ dir: path.join(parent, 'function'), lambda: true });
  assert.ok(app.files.includes('src/lambda.ts'));
  assert.not.ok(app.files.includes('src/worker.ts'));
  assert.match(read(app.dir, 'src/lambda.ts'), /const app = await bootstrap\(\);\n[\s\S]*export const handler = lambdaHandler\(app\);/);
  const manifest = JSON.parse(read(app.dir, 'package.json')) as { scripts: Record<string, string> };
  assert.is(manifest.scripts['build:lambda'], 'framework-build src --out generated && framework-build bundle src/lambda.ts --target lambda --split --out dist/lambda');
  assert.match(read(app.dir, 'README.md'), /## As an AWS Lambda function/);
  for (const file of app.files) assert.not.match(read(app.dir, file), /#if lambda|#endif/, file);
  const both = createApp({ dir: path.join(parent, 'edge-and-function'), workers: true, lambda: true });
  assert.ok(both.files.includes('src/lambda.ts') && both.files.includes('src/worker.ts'));
  const plain = createApp({ dir: path.join(parent, 'not-a-function') });
  assert.not.ok(plain.files.includes('src/lambda.ts'));
  assert.not.match(read(plain.dir, 'README.md'), /AWS Lambda/);
  assert.throws(() => createApp({ dir: path.join(parent, 'grpc-function'), grpc: true, lambda: true }), /--grpc and --lambda do not go together: a Lambda function answers HTTP only/);
  assert.not.ok(fs.existsSync(path.join(parent, 'grpc-function')), 'nothing written');
});

test('--packages points every framework dependency at its tarball, and names a missing one', () => {
  const packages = path.join(parent, 'packs');
  fs.mkdirSync(packages);
  for (const name of ['framework-core', 'framework-compiler', 'framework-grpc', 'framework-testing']) fs.writeFileSync(path.join(packages, `${name}-${version}.tgz`), '');
  const app = createApp({ dir: path.join(parent, 'local'), grpc: true, packages });
  const manifest = JSON.parse(read(app.dir, 'package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  assert.is(manifest.dependencies['@framework/core'], `file:${packages}/framework-core-${version}.tgz`);
  assert.is(manifest.dependencies['@framework/grpc'], `file:${packages}/framework-grpc-${version}.tgz`);
  assert.is(manifest.devDependencies['@framework/compiler'], `file:${packages}/framework-compiler-${version}.tgz`);
  assert.is(manifest.devDependencies['@framework/testing'], `file:${packages}/framework-testing-${version}.tgz`);

  fs.rmSync(path.join(packages, `framework-grpc-${version}.tgz`));
  assert.throws(() => createApp({ dir: path.join(parent, 'local2'), grpc: true, packages }), /no tarball of @framework\/grpc \(framework-grpc-<version>\.tgz\) in .*; run `npm run pack`/);
});

test('the CLI refuses a folder in use, a missing folder argument and an unknown option, in one line plus usage', () => {
  fs.mkdirSync(path.join(parent, 'taken'));
  fs.writeFileSync(path.join(parent, 'taken/keep.txt'), 'mine');
  const taken = cli(['taken']);
  assert.is(taken.status, 1);
  assert.is(taken.stderr, 'create-framework-app: taken exists and is not empty; choose a new folder.\n');
  assert.is(read(path.join(parent, 'taken'), 'keep.txt'), 'mine');

  const none = cli([]);
  assert.is(none.status, 1);
  assert.match(none.stderr, /^create-framework-app: name the folder to create\.\n\nUsage: create-framework-app <dir>/);
  const unknown = cli(['x', '--grcp']);
  assert.is(unknown.status, 1);
  assert.match(unknown.stderr, /^create-framework-app: Unknown option '--grcp'/);
  assert.not.match(unknown.stderr, /\n\s+at /, 'no stack');

  const two = cli(['x', 'y']);
  assert.is(two.status, 1);
  assert.match(two.stderr, /^create-framework-app: name the folder to create \(one folder only; also given: 'y'\)\.\n/);

  // What `npm create … my-api -- --grpc` reads as, typed after `npx create-framework-app` instead.
  const dashed = cli(['dashed', '--', '--grpc']);
  assert.is(dashed.status, 0, dashed.stderr);
  assert.ok(fs.existsSync(path.join(parent, 'dashed/src/greeting/greeting.proto')), 'the -- before --grpc is no folder name');

  const ok = cli(['fresh']);
  assert.is(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /^Created fresh in fresh \(12 files\)\.\n\nNext steps:\n {2}cd fresh\n {2}npm install\n {2}npm run dev/);
});

test.run();
