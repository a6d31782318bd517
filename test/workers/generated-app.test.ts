// The generator's `--workers` app: created by create-framework-app, its tables built, `src/worker.ts`
// bundled with `--target workers` as its `npm run build:worker` does, and served by the real
// `workerd` through Miniflare with the `wrangler.toml` it writes. (The app's dependencies are this
// checkout's, through a link to its node_modules: no install.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../compiler/src/builder/builder.js';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { createApp } from '../../create-framework-app/src/index.js';
import { ensureMiniflare } from '../provision/miniflare.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-generated-worker-'));
type Worker = { dispatchFetch(url: string, init?: RequestInit): Promise<Response>; dispose(): Promise<void> };
let worker: Worker;
let app: ReturnType<typeof createApp>;

test.before(async () => {
  const miniflare = ensureMiniflare();
  if (!miniflare.ok) throw new Error(miniflare.message);
  app = createApp({ dir: path.join(parent, 'edge-api'), workers: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(app.dir, 'node_modules'), 'dir');
  const tables = await build({ srcDir: path.join(app.dir, 'src'), outDir: path.join(app.dir, 'generated'), write: true });
  assert.ok(tables.ok, tables.diagnostics.map((d) => d.message).join('\n'));
  const manifest = JSON.parse(fs.readFileSync(path.join(app.dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  // The script's bundle step, with its own arguments.
  const step = /framework-build bundle (\S+) --target workers --out (\S+)$/.exec(manifest.scripts['build:worker']!);
  assert.ok(step, manifest.scripts['build:worker']);
  const { file } = await bundleApp({ entry: path.join(app.dir, step[1]!), outDir: path.join(app.dir, step[2]!), target: 'workers', cwd: app.dir });
  const toml = fs.readFileSync(path.join(app.dir, 'wrangler.toml'), 'utf8');
  assert.is(path.join(app.dir, /^main = "(.+)"$/m.exec(toml)![1]!), file, 'wrangler.toml names the bundle the script writes');
  const { Miniflare } = (await import(miniflare.url!)) as { Miniflare: new (options: object) => Worker };
  worker = new Miniflare({
    modules: true,
    scriptPath: file,
    modulesRoot: path.dirname(file),
    compatibilityDate: /^compatibility_date = "(.+)"$/m.exec(toml)![1],
    compatibilityFlags: JSON.parse(/^compatibility_flags = (\[.*\])$/m.exec(toml)![1]!) as string[],
  });
});

test.after(async () => {
  await worker?.dispose();
  fs.rmSync(parent, { recursive: true, force: true });
});

const post = (body: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });

test('the generated Worker answers its routes, and refuses a bad body with the framework 400', async () => {
  const created = await worker.dispatchFetch('http://edge.test/greetings', post('{"name":"Ada"}'));
  assert.ok(created.status < 300, `status ${created.status}`);
  await created.arrayBuffer();
  const list = await worker.dispatchFetch('http://edge.test/greetings');
  assert.is(list.status, 200);
  assert.match(await list.text(), /Ada/);
  const invalid = await worker.dispatchFetch('http://edge.test/greetings', post('{"name":42}'));
  assert.is(invalid.status, 400);
  assert.is(((await invalid.json()) as { name: string }).name, 'NotValidBodyException');
});

test('the generated files: the worker, wrangler.toml, the build:worker script and the README section', () => {
  assert.ok(app.files.includes('src/worker.ts') && app.files.includes('wrangler.toml'));
  assert.match(fs.readFileSync(path.join(app.dir, 'README.md'), 'utf8'), /## As a Cloudflare Worker/);
  assert.not.match(fs.readFileSync(path.join(app.dir, 'README.md'), 'utf8'), /#if workers|#endif/);
});

test.run();
