// The way to create an app before the first release, word for word as the README and the
// getting-started guide write it: `npm run pack` in a clone of the repository (this checkout,
// reached through a folder named `framework` beside the app, as the block expects), the generator
// run from the packed tarball by npx, the app installed. Once on npm's default configuration, and
// once with `yes=false`, where npx refuses to install anything it was not told `--yes` for. An
// install that prints an `npm warn` line (an install script npm 11 asks about, an engine, a
// deprecation) fails the suite. Runs on one Node line only (it is not under test/adoption/). The
// pack rebuilds nothing that is up to date (bundle-runtime.mjs writes only changed files), so the
// suites running beside it keep loading the same runtime files.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, run, scratch } from '../adoption/helpers.js';

const folders: string[] = [];

test.after(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** The shell block under `heading` in `page`, one command a line, comments dropped. */
function blockUnder(page: string, heading: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, page), 'utf8');
  const at = text.indexOf(heading);
  assert.ok(at >= 0, `${page} has the heading ${heading}`);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(at))![1]!;
  return block.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean);
}

/** A folder beside which the clone sits as `framework`, the way the block expects. */
function besideTheClone(): string {
  const parent = scratch('fallback');
  folders.push(parent);
  fs.symlinkSync(ROOT, path.join(parent, 'framework'), 'dir');
  return parent;
}

const README = blockUnder('README.md', 'Until the first release reaches npmjs.com');
const GUIDE = blockUnder('docs/getting-started.md', '### Before the first release');

/** Lines npm prints as warnings, anywhere in a command's output. */
const warnings = (output: string): string[] => output.split('\n').filter((line) => /^npm warn/i.test(line));

test('the README and the getting-started guide show the same three commands', () => {
  assert.equal(README, GUIDE);
  assert.is(README.length, 3);
  assert.match(README[1]!, /^npx --yes --package=\.\/framework\/dist\/packages\/create-framework-app\.tgz create-framework-app my-api /);
});

test("on npm's default configuration: packed, created, installed, with no npm warning", () => {
  const parent = besideTheClone();
  for (const command of README) {
    const started = performance.now();
    const done = run('sh', ['-c', command], parent, 300_000);
    console.log(`  ${command.slice(0, 60)}…: ${Math.round(performance.now() - started)} ms`);
    assert.equal(warnings(done.stdout + done.stderr), [], `no npm warning from ${command}`);
  }
  const app = path.join(parent, 'my-api');
  const manifest = JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  assert.match(manifest.dependencies['@framework/core']!, /^file:.*framework-core-\d[^/]*\.tgz$/, 'the app depends on the packed framework');
  assert.ok(fs.existsSync(path.join(app, 'node_modules/.bin/framework-build')), 'the compiler is installed');
});

test("with npm's yes=false the same commands still create the app (npx is told --yes)", () => {
  const parent = besideTheClone();
  const [pack, create] = README as [string, string];
  run('sh', ['-c', pack], parent, 300_000, { npm_config_yes: 'false' });
  // Without the flag npx refuses (before it has the generator cached), which is why the docs write it.
  const refused = run('sh', ['-c', `${create.replace(' --yes', '').replace(' my-api ', ' other ')} || echo refused`], parent, 300_000, { npm_config_yes: 'false' });
  assert.match(refused.stdout + refused.stderr, /refused/);
  assert.not.ok(fs.existsSync(path.join(parent, 'other')));
  run('sh', ['-c', create], parent, 300_000, { npm_config_yes: 'false' });
  assert.ok(fs.existsSync(path.join(parent, 'my-api/src/main.ts')));
});

test.run();
