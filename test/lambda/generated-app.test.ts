// The generator's `--lambda` app: created by create-framework-app, its tables built, `src/lambda.ts`
// bundled as its `npm run build:lambda` does, and run from that folder by the local Runtime API
// and bootstrap, as the Node.js runtime runs a function. (The app's dependencies are this
// checkout's, through a link to its node_modules: no install.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { build } from '../../compiler/src/builder/builder.js';
import { bundleApp } from '../../compiler/src/bundle/bundle.js';
import { createApp } from '../../create-framework-app/src/index.js';
import { startContainer, type Container } from './fixtures/runtime-api.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-generated-lambda-'));
let container: Container;

test.before(async () => {
  const app = createApp({ dir: path.join(parent, 'greetings-function'), lambda: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(app.dir, 'node_modules'), 'dir');
  const tables = await build({ srcDir: path.join(app.dir, 'src'), outDir: path.join(app.dir, 'generated'), write: true });
  assert.ok(tables.ok, tables.diagnostics.map((d) => d.message).join('\n'));
  const manifest = JSON.parse(fs.readFileSync(path.join(app.dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  // The script's bundle step, with its own arguments.
  const step = /framework-build bundle (\S+) --target lambda --split --out (\S+)$/.exec(manifest.scripts['build:lambda']!);
  assert.ok(step, manifest.scripts['build:lambda']);
  const { file } = await bundleApp({ entry: path.join(app.dir, step[1]!), outDir: path.join(app.dir, step[2]!), target: 'lambda', split: true, cwd: app.dir });
  // Run where nothing is installed, as the uploaded folder is.
  const deployed = path.join(parent, 'task');
  fs.cpSync(path.dirname(file), deployed, { recursive: true });
  container = await startContainer(`${path.join(deployed, path.basename(file))}:handler`, {});
});

test.after(async () => {
  await container?.stop();
  fs.rmSync(parent, { recursive: true, force: true });
});

const httpApi = (method: string, rawPath: string, body?: string) => ({
  version: '2.0',
  routeKey: '$default',
  rawPath,
  rawQueryString: '',
  headers: { host: 'api.example.test', 'content-type': 'application/json' },
  requestContext: { http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'test' }, requestId: 'r', routeKey: '$default', stage: '$default', timeEpoch: 0 },
  isBase64Encoded: false,
  ...(body === undefined ? {} : { body }),
});

test('the generated function answers its routes and refuses a bad body with the framework 400', async () => {
  const created = (await container.invoke(httpApi('POST', '/greetings', '{"name":"Ada"}'))).result as { statusCode: number };
  assert.ok(created.statusCode < 300, `status ${created.statusCode}`);
  const list = (await container.invoke(httpApi('GET', '/greetings'))).result as { statusCode: number; body: string };
  assert.is(list.statusCode, 200);
  assert.match(list.body, /Ada/);
  const invalid = (await container.invoke(httpApi('POST', '/greetings', '{"name":42}'))).result as { statusCode: number; body: string };
  assert.is(invalid.statusCode, 400);
  assert.match(invalid.body, /name/);
});

test.run();
