// Proof that a team outside this repository can adopt the framework: every package packed, an app
// generated from the packed generator into a temporary folder (outside the repository), installed
// with npm, built, started on port 0, called, and its own `npm test` run; the same with --grpc and a
// real gRPC call; and the getting-started guide's manual set-up for an existing project, followed to the letter.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { launch } from '../launch.js';
import { ROOT, generateApp, nodeTestCounts, npm, packedFramework, run, scratch } from './helpers.js';

const packages = packedFramework();
const parent = scratch('apps');
const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'runtime/core/package.json'), 'utf8')) as { version: string }).version;

test.after(() => {
  fs.rmSync(parent, { recursive: true, force: true });
  packages.dispose();
});

const post = (base: string, body: unknown) =>
  fetch(`${base}/greetings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

test('every package is packed with its entry point, declarations, README, LICENSE and one version', () => {
  // The generator is also there without its version (the command `npm run pack` prints names it): the same file.
  const generator = (f: string) => fs.readFileSync(path.join(packages.dir, f));
  assert.ok(generator('create-framework-app.tgz').equals(generator(`create-framework-app-${version}.tgz`)), 'create-framework-app.tgz is the versioned tarball');
  const tarballs = fs.readdirSync(packages.dir).filter((f) => f.endsWith('.tgz') && f !== 'create-framework-app.tgz').sort();
  assert.equal(tarballs, [`create-framework-app-${version}.tgz`, `framework-compiler-${version}.tgz`, `framework-core-${version}.tgz`, `framework-grpc-${version}.tgz`, `framework-testing-${version}.tgz`]);
  for (const tarball of tarballs) {
    const files = run('tar', ['-tzf', path.join(packages.dir, tarball)], packages.dir).stdout.split('\n');
    const manifest = JSON.parse(run('tar', ['-xzOf', path.join(packages.dir, tarball), 'package/package.json'], packages.dir).stdout) as { main?: string };
    const main = path.posix.join('package', manifest.main ?? 'dist/index.js');
    for (const required of ['package/package.json', 'package/README.md', 'package/LICENSE', main, 'package/dist/index.d.ts']) {
      assert.ok(files.includes(required), `${tarball} lacks ${required}`);
    }
    assert.not.ok(files.some((f) => f.startsWith('package/src/') || f.endsWith('.tsbuildinfo')), `${tarball} ships sources or build info`);
    // The dev dashboard's front end and its worker: served from the package, nothing fetched.
    if (tarball.startsWith('framework-compiler-')) {
      for (const required of ['package/dashboard-web/index.html', 'package/dashboard-web/app.js', 'package/dist/dev/dashboard/worker.js', 'package/dist/dev/dashboard/app-side/app-side.js']) {
        assert.ok(files.includes(required), `${tarball} lacks ${required}`);
      }
    }
  }
});

test('an HTTP app: generated, installed, built, started on port 0, called, and its own npm test passes', async () => {
  const dir = generateApp(packages.dir, parent, 'http-app');
  for (const file of ['package.json', 'tsconfig.json', '.gitignore', 'README.md', 'src/main.ts', 'src/bootstrap.ts', 'src/app.module.ts', 'src/greeting/greeting.controller.ts', 'src/greeting/create-greeting.dto.ts', 'src/greeting/greeting.service.ts', 'test/app.test.ts']) {
    assert.ok(fs.existsSync(path.join(dir, file)), `missing ${file}`);
  }
  assert.not.ok(fs.existsSync(path.join(dir, 'src/greeting/greeting.proto')), 'no gRPC parts without --grpc');
  // Generated on this Node, for this Node: its types are of this release line.
  const types = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/@types/node/package.json'), 'utf8')) as { version: string };
  assert.is(types.version.split('.')[0], process.versions.node.split('.')[0], `@types/node ${types.version} on Node ${process.version}`);
  assert.is(run(path.join(dir, 'node_modules/.bin/framework-build'), ['--version'], dir).stdout.trim(), version, "--version prints the framework's version, not the app's");

  assert.match(run(path.join(dir, 'node_modules/.bin/tsc'), ['--version'], dir).stdout, /^Version 5\.9\./, "the template's TypeScript");
  const build = npm(['run', 'build'], dir);
  assert.match(build.stdout, /Built 3 routes, 2 providers and 1 module into generated in \d+ ms\.\n/, build.stdout);
  const server = await launch(process.execPath, ['dist/src/main.js'], { cwd: dir });
  try {
    const created = await post(server.base, { name: 'Ada' });
    assert.is(created.status, 201);
    const greeting = (await created.json()) as { id: number; message: string };
    assert.equal(greeting, { id: 1, message: 'Hello, Ada!' });
    assert.equal(await (await fetch(`${server.base}/greetings`)).json(), [greeting]);
    const refused = await post(server.base, { name: '' });
    assert.is(refused.status, 400);
    const body = (await refused.json()) as { name: string; reasons: { property: string; errorMessage: string }[] };
    assert.is(body.name, 'NotValidBodyException');
    assert.equal(body.reasons.map((r) => r.property), ['name']);
    assert.is((await fetch(`${server.base}/greetings/7`)).status, 404);
    // A second copy on the same port: one line saying what to do, no stack.
    const second = spawnSync(process.execPath, ['dist/src/main.js'], { cwd: dir, encoding: 'utf8', timeout: 20_000, env: { ...process.env, PORT: new URL(server.base).port } });
    assert.is(second.status, 1, second.stderr);
    assert.is(second.stderr, `http-app: cannot start. Port ${new URL(server.base).port} (PORT) is in use (another copy of this app?); stop that process or set PORT to another port.\n`);
  } finally {
    await server.stop();
  }

  // Run again with the tables present, so the set-up checks judge `include` too: no warning.
  const own = npm(['test'], dir);
  assert.match(own.stdout, /Built 3 routes, 2 providers and 1 module into generated in \d+ ms\.\n/, own.stdout);
  assert.equal(nodeTestCounts(own.stdout), { pass: 5, fail: 0 }, own.stdout);

  // npm run build:prod: one file that runs where nothing is installed.
  const prod = npm(['run', 'build:prod'], dir);
  assert.match(prod.stdout, /Bundled dist\/bundle\/main\.mjs \(/, prod.stdout);
  const shipped = path.join(parent, 'http-app-shipped');
  fs.mkdirSync(shipped);
  fs.copyFileSync(path.join(dir, 'dist/bundle/main.mjs'), path.join(shipped, 'main.mjs'));
  const bundled = await launch(process.execPath, ['main.mjs'], { cwd: shipped });
  try {
    assert.is((await post(bundled.base, { name: 'Ada' })).status, 201);
    assert.is((await post(bundled.base, { name: 42 })).status, 400, 'the compiled validator is in the bundle');
  } finally {
    await bundled.stop();
  }

  // A ConfigModule schema the environment leaves unsatisfied: one line naming the variable, no stack.
  const moduleFile = path.join(dir, 'src/app.module.ts');
  const generatedModule = fs.readFileSync(moduleFile, 'utf8');
  fs.writeFileSync(path.join(dir, 'src/env.ts'), [
    "import { Module } from '@framework/core';",
    "import { ConfigModule } from '@framework/core/config';",
    "import { IsString } from '@framework/core/validators';",
    'export class EnvSchema { @IsString() DATABASE_URL!: string; }',
    '@Module({ imports: [ConfigModule.forRoot(EnvSchema)] })',
    'export class EnvModule {}',
  ].join('\n'));
  fs.writeFileSync(moduleFile, `import { EnvModule } from './env.js';\n${generatedModule.replace('@Module({', '@Module({\n  imports: [EnvModule],')}`);
  try {
    npm(['run', 'build'], dir);
    const unset = spawnSync(process.execPath, ['dist/src/main.js'], { cwd: dir, encoding: 'utf8', timeout: 20_000, env: { ...process.env, PORT: '0' } });
    assert.is(unset.status, 1, unset.stderr);
    assert.is(unset.stderr, 'http-app: cannot start. Creating ConfigService (env.ts:5:21) failed: The configuration does not match EnvSchema (1 problem): DATABASE_URL is missing.\n');
  } finally {
    fs.writeFileSync(moduleFile, generatedModule);
    fs.rmSync(path.join(dir, 'src/env.ts'));
    fs.rmSync(path.join(dir, 'dist/src/env.js'), { force: true });
  }
});

test('the same app on TypeScript 7 (the native compiler): built and tested unchanged', () => {
  // The HTTP app of the test above, as generated: only its TypeScript is replaced.
  const dir = path.join(parent, 'http-app');
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '-D', 'typescript@^7.0.2'], dir);
  const tsc = run(path.join(dir, 'node_modules/.bin/tsc'), ['--version'], dir).stdout;
  assert.match(tsc, /^Version 7\./, tsc);
  const own = npm(['test'], dir);
  assert.match(own.stdout, /Built 3 routes, 2 providers and 1 module into generated in \d+ ms\.\n/, own.stdout);
  assert.equal(nodeTestCounts(own.stdout), { pass: 5, fail: 0 }, own.stdout);
});

test('a gRPC app (--grpc): built, started, a real gRPC call answered, and its own npm test passes', async () => {
  const dir = generateApp(packages.dir, parent, 'grpc-app', ['--grpc']);
  const build = npm(['run', 'build'], dir);
  assert.match(build.stdout, /Built 3 routes, 1 gRPC method, 3 providers and 1 module into generated in \d+ ms\.\n/, build.stdout);
  assert.ok(fs.existsSync(path.join(dir, 'dist/src/greeting/greeting.proto')), 'the build copies the .proto beside the compiled controller');
  const server = await launch(process.execPath, ['dist/src/main.js'], { cwd: dir });
  const definition = protoLoader.loadSync(path.join(dir, 'src/greeting/greeting.proto'));
  const Greeter = (grpc.loadPackageDefinition(definition).greeting as grpc.GrpcObject).Greeter as grpc.ServiceClientConstructor;
  const client = new Greeter(server.grpcAddress, grpc.credentials.createInsecure());
  try {
    const reply = await new Promise<{ id: number; message: string }>((resolve, reject) =>
      client.SayHello({ name: 'Grace' }, (error: grpc.ServiceError | null, value: { id: number; message: string }) => (error ? reject(error) : resolve(value))),
    );
    assert.equal(reply, { id: 1, message: 'Hello, Grace!' });
    // One service instance behind both transports: the HTTP side sees the greeting made over gRPC.
    assert.equal(await (await fetch(`${server.base}/greetings/1`)).json(), reply);
  } finally {
    client.close();
    await server.stop();
  }
  const own = npm(['test'], dir);
  assert.equal(nodeTestCounts(own.stdout), { pass: 6, fail: 0 }, own.stdout);
});

test("the getting-started guide's manual set-up for an existing project builds and serves", async () => {
  const readme = fs.readFileSync(path.join(ROOT, 'docs/getting-started.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Manual set-up'), readme.indexOf('\n## ', readme.indexOf('## Manual set-up') + 3));
  const files = [...section.matchAll(/<!-- file: (\S+) -->\n```\w*\n([\s\S]*?)```/g)].map((m) => ({ path: m[1]!, text: m[2]! }));
  assert.equal(files.map((f) => f.path).sort(), ['package.json', 'src/app.module.ts', 'src/hello.controller.ts', 'src/hello.dto.ts', 'src/main.ts', 'tsconfig.json']);
  const dir = path.join(parent, 'existing-app');
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, file.path), file.text);
  }
  // The README's `npm install` lines, with the packed tarballs in place of the published packages.
  const tarball = (name: string) => path.join(packages.dir, `${name.slice(1).replace('/', '-')}-${version}.tgz`);
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', tarball('@framework/core'), 'class-validator'], dir);
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '-D', tarball('@framework/compiler'), 'typescript', '@types/node'], dir);
  const build = npm(['run', 'build'], dir);
  assert.match(build.stdout, /Built 1 route, 1 provider and 1 module into generated in \d+ ms\.\n/, build.stdout);
  const server = await launch(process.execPath, ['dist/src/main.js'], { cwd: dir });
  try {
    const ok = await fetch(`${server.base}/hello`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Lin"}' });
    assert.is(await ok.text(), 'Hello, Lin!');
    const refused = await fetch(`${server.base}/hello`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":3}' });
    assert.is(refused.status, 400);
  } finally {
    await server.stop();
  }
});

test.run();
