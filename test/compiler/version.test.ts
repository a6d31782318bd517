// One version for the whole framework: every published package carries it, the gRPC package asks
// for the core of that version, and `framework-build --version` prints it (not the app's).
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cli, ROOT } from './helpers.js';

const manifest = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
    name: string; version: string; private?: boolean; files?: string[]; engines?: Record<string, string>;
    scripts?: Record<string, string>; peerDependencies?: Record<string, string>; dependencies?: Record<string, string>;
  };
const PUBLISHED = ['runtime/core', 'runtime/grpc', 'runtime/testing', 'compiler', 'create-framework-app'];

test('every published package has the one version, a prepack build, engines, and ships README and LICENSE', () => {
  const versions = new Set(PUBLISHED.map((dir) => manifest(dir).version));
  assert.is(versions.size, 1, [...versions].join(', '));
  for (const dir of PUBLISHED) {
    const m = manifest(dir);
    assert.not.ok(m.private, `${m.name} is publishable`);
    assert.match(m.scripts?.prepack ?? '', /^tsc -b( && node \.\.\/\.\.\/scripts\/bundle-runtime\.mjs \.)?$/, `${m.name} builds itself when packed`);
    assert.is(m.engines?.node, '^20.19.0 || >=22.12.0');
    assert.ok(m.files?.some((file) => file === 'dist' || file.startsWith('dist/')), `${m.name} ships dist`);
    for (const file of ['README.md', 'LICENSE']) assert.ok(m.files?.includes(file), `${m.name} ships ${file}`);
    for (const file of ['README.md', 'LICENSE']) assert.ok(fs.existsSync(path.join(ROOT, dir, file)), `${dir}/${file} exists`);
  }
});

test('class-validator is a peer of the core (the app and the runtime share one copy), the core a peer of gRPC', () => {
  const core = manifest('runtime/core');
  assert.ok(core.peerDependencies?.['class-validator']);
  assert.is(core.dependencies?.['class-validator'], undefined);
  assert.is(manifest('runtime/grpc').peerDependencies?.['@framework/core'], `^${core.version}`);
  assert.is(manifest('runtime/testing').peerDependencies?.['@framework/core'], `^${core.version}`);
});

test("framework-build --version prints the framework's version, also from an app's folder", () => {
  const version = manifest('compiler').version;
  assert.is(cli(['--version']).stdout, `${version}\n`);
  assert.is(cli(['--version'], path.join(ROOT, 'examples/todo')).stdout, `${version}\n`, 'not the version of the nearest package.json');
});

test.run();
