// The todo example's attachments: POST /todo/:id/attachments from curl -F and from the typed
// client (a Blob), GET /todo/:id/attachments/:name reading the bytes back with the type they were
// told to be, and the refusals: bytes of another type, a file over 1 MiB, two files.
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError, createClient, type Client } from '../../generated/todo/client.js';

process.env.JWT_SECRET ??= 'e2e-secret-of-at-least-thirty-two-bytes';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

interface Context {
  base: string;
  token: string;
  api: Client;
  todo: string;
  stop: () => Promise<void>;
}

const test = suite<Context>('the todo example\'s attachments');

test.before(async (context) => {
  // Imported after JWT_SECRET is set: the example reads it while its modules load.
  const { bootstrap } = await import('../../examples/todo/src/bootstrap.js');
  const { app } = await bootstrap();
  context.base = `http://127.0.0.1:${await app.listen(0)}`;
  const { access_token } = await createClient({ baseUrl: context.base }).auth.login({ username: 'demo', password: 'demo' });
  context.token = access_token;
  context.api = createClient({ baseUrl: context.base, token: access_token });
  context.todo = (await context.api.todo.create({ name: 'with files', priority: 1, colorLabel: '#000000' })).id;
  context.stop = () => app.close();
});
test.after(async (context) => context.stop?.());

test('curl -F attaches a PNG; reading it back gives the same bytes as image/png', async ({ base, token, todo }) => {
  const file = join(tmpdir(), `dot-${process.pid}.png`);
  writeFileSync(file, PNG);
  try {
    const { stdout } = await promisify(execFile)('curl', ['-sS', '-H', `authorization: Bearer ${token}`, '-F', `file=@${file};type=application/octet-stream`, `${base}/todo/${todo}/attachments`]);
    assert.equal(JSON.parse(stdout), { name: `dot-${process.pid}.png`, type: 'image/png', size: PNG.length });
  } finally {
    rmSync(file, { force: true });
  }
  const response = await fetch(`${base}/todo/${todo}/attachments/dot-${process.pid}.png`, { headers: { authorization: `Bearer ${token}` } });
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'image/png');
  assert.is(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(new Uint8Array(await response.arrayBuffer()), PNG);
});

test('the typed client sends a File; a text file is text/plain by its bytes', async ({ api, todo }) => {
  const info = await api.attachments.attach(todo, { file: new File(['buy milk\n'], 'notes.txt', { type: 'image/png' }) });
  assert.equal(info, { name: 'notes.txt', type: 'text/plain', size: 9 });
  const read = await api.attachments.read(todo, 'notes.txt');
  assert.is(await read.text(), 'buy milk\n');
});

const refused = async (call: Promise<unknown>): Promise<ApiError> => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('not refused');
};

test('refused: bytes of another type (415), over 1 MiB (413), an unknown todo (404), a missing file (400)', async ({ api, todo }) => {
  const pdf = new File(['%PDF-1.4\n%âãÏÓ\n'], 'cat.png', { type: 'image/png' });
  assert.is((await refused(api.attachments.attach(todo, { file: pdf }))).status, 415);
  assert.is((await refused(api.attachments.attach(todo, { file: new File([new Uint8Array(1024 * 1024 + 1)], 'big.txt') }))).status, 413);
  assert.is((await refused(api.attachments.attach('no-such-todo', { file: new File(['x'], 'x.txt') }))).status, 404);
  assert.is((await refused(api.attachments.attach(todo, {} as { file: Blob }))).status, 400);
});

test('two files where one is allowed: a 413 naming the field', async ({ base, token, todo }) => {
  const form = new FormData();
  form.append('file', new Blob(['a']), 'a.txt');
  form.append('file', new Blob(['b']), 'b.txt');
  const response = await fetch(`${base}/todo/${todo}/attachments`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  assert.is(response.status, 413);
  assert.equal(await response.json(), { status: 413, name: 'UploadLimitException', message: "Form field 'file' holds more than 1 file", limit: 'fieldFiles', field: 'file' });
});

test('an unknown attachment is a 404', async ({ api, todo }) => {
  assert.is((await refused(api.attachments.read(todo, 'nothing.txt'))).status, 404);
});

test.run();
