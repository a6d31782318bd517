// The README's quick start, word for word, against a real npm registry: Verdaccio started locally,
// every package published to it by `npm run release` exactly as a release would (packed, checked
// by publint and arethetypeswrong, published in dependency order), then each line of the README's
// block run by a shell in a folder outside the repository with that registry configured, the way
// a user's ~/.npmrc would. Third-party packages come through Verdaccio from the usual registry.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { launch } from '../launch.js';
import { ROOT, nodeTestCounts, run, scratch } from './helpers.js';

const parent = scratch('quick-start');
const storage = scratch('registry');
const upstream = run('npm', ['config', 'get', 'registry'], ROOT).stdout.trim();
const registry = await launch(process.execPath, [path.join(ROOT, 'test/adoption/registry/serve.cjs'), storage, upstream], { cwd: storage });
const registryUrl = `${registry.base}/`;
const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'runtime/core/package.json'), 'utf8')) as { version: string }).version;

test.after(async () => {
  await registry.stop();
  for (const dir of [parent, storage]) fs.rmSync(dir, { recursive: true, force: true });
});

/** The commands of the README's quick-start block, comments dropped. */
function quickStart(): string[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quick start for a new app'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block.split('\n').map((line) => line.replace(/\s+#.*$/, '').trim()).filter(Boolean);
}

/** A user of this registry: npm's registry setting and token, as `npm login` would leave them. */
async function userOf(base: string): Promise<NodeJS.ProcessEnv> {
  const response = await fetch(`${base}-/user/org.couchdb.user:release`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release', password: 'release-password-of-the-suite', type: 'user', roles: [], date: new Date().toISOString() }),
  });
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error(`the registry gave no token (${response.status})`);
  return { npm_config_registry: base, [`npm_config_//${new URL(base).host}/:_authToken`]: token, NPM_TOKEN: token };
}

test('npm run release publishes every package at one version to the registry', async () => {
  const user = await userOf(registryUrl);
  const started = performance.now();
  const released = run(process.execPath, ['scripts/release.mjs', '--registry', registryUrl], ROOT, 600_000, user);
  console.log(`  npm run release: ${Math.round(performance.now() - started)} ms`);
  for (const name of ['@framework/core', '@framework/grpc', '@framework/testing', '@framework/compiler', 'create-framework-app']) {
    assert.match(released.stdout, `published ${name}@${version} `);
    const manifest = (await (await fetch(`${registryUrl}${name.replace('/', '%2f')}`)).json()) as { 'dist-tags': Record<string, string> };
    assert.is(manifest['dist-tags'].latest, version, `${name} is latest`);
  }
  const again = await fetch(`${registryUrl}create-framework-app`);
  assert.is(((await again.json()) as { versions: Record<string, unknown> }).versions[version] !== undefined, true);
});

test("the README's quick start, word for word, with that registry: create, install, build, test, start", async () => {
  const commands = quickStart();
  assert.equal(commands, ['npm create --yes framework-app@latest my-api', 'cd my-api && npm install', 'npm run build', 'npm test', 'npm start']);
  // `yes=false`, the strictest setting a user may have: the block's own `--yes` must be what lets
  // npm install the generator. A cache of its own for that one step, so npx cannot reuse a
  // generator of an earlier run at the same version.
  const env: NodeJS.ProcessEnv = { npm_config_registry: registryUrl, npm_config_yes: 'false', PORT: '0', GRPC_PORT: '0' };
  let cwd = parent;
  for (const command of commands.slice(0, -1)) {
    const own = command.startsWith('npm create') ? { npm_config_cache: path.join(storage, 'npx-cache') } : {};
    const started = performance.now();
    const done = run('sh', ['-c', command], cwd, 600_000, { ...env, ...own });
    console.log(`  ${command}: ${Math.round(performance.now() - started)} ms`);
    const moved = /^cd (\S+) &&/.exec(command);
    if (moved) cwd = path.join(cwd, moved[1]!);
    if (command === 'npm test') assert.equal(nodeTestCounts(done.stdout), { pass: 5, fail: 0 }, done.stdout);
    if (command.includes('npm install')) assert.equal((done.stdout + done.stderr).split('\n').filter((line) => /^npm warn/i.test(line)), [], 'a quiet install');
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  assert.is(manifest.dependencies['@framework/core'], `^${version}`, 'the app depends on the published framework');
  const installed = JSON.parse(fs.readFileSync(path.join(cwd, 'node_modules/@framework/core/package.json'), 'utf8')) as { version: string };
  assert.is(installed.version, version);

  assert.is(commands.at(-1), 'npm start');
  const server = await npmStart(cwd, env);
  try {
    const created = await fetch(`${server.base}/greetings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ada"}' });
    assert.is(created.status, 201);
    assert.equal(await created.json(), { id: 1, message: 'Hello, Ada!' });
  } finally {
    await server.stop();
  }
});

/**
 * `npm start` in a process group of its own: npm does not pass SIGTERM on to the script it runs,
 * so the group is signalled, as a terminal's Ctrl-C would.
 */
function npmStart(cwd: string, env: NodeJS.ProcessEnv): Promise<{ base: string; stop(): Promise<void> }> {
  const child = spawn('npm', ['start'], { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => void stop().then(() => reject(new Error(`npm start printed no address within 60 s:\n${output}`))), 60_000);
    const read = (chunk: Buffer): void => {
      output += chunk;
      const port = /HTTP on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      resolve({ base: `http://127.0.0.1:${port}`, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`npm start ended:\n${output}`)));
  });
}

test.run();
