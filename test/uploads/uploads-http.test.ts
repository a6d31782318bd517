// Uploads over real sockets (port 0): curl -F, fetch with FormData, hand-written bodies for every
// limit crossed one at a time and every malformed form, and the temporary files of a call deleted
// however it ends (answered, thrown, the client gone).
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/uploads-app/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/uploads-app/', import.meta.url));
const web = process.env.FRAMEWORK_HTTP_ADAPTER === 'web';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');

interface Context {
  app: FrameworkApplication;
  base: string;
  port: number;
  temp: string;
}

const uploads = suite<Context>('uploads over HTTP');

uploads.before(async (context) => {
  context.temp = mkdtempSync(join(tmpdir(), 'uploads-http-'));
  // Files above 16 KiB go to disk, in a folder of this suite's own, so that what is left there can be seen.
  context.app = await new FrameworkApplication(tables, { logger: { error: () => undefined, warn: () => undefined, log: () => undefined }, bodyLimit: 128 * 1024, uploads: { memoryBytes: 16 * 1024, tempDir: context.temp, maxFields: 5, inMemoryBodyBytes: 2 * 1024 * 1024 } }).init(AppModule);
  context.port = await context.app.listen(0, '127.0.0.1');
  context.base = `http://127.0.0.1:${context.port}`;
});
uploads.after(async ({ app, temp }) => {
  await app?.close();
  rmSync(temp, { recursive: true, force: true });
});

/**
 * Posts a form and reads the answer, which may come while the body is still being sent (a 413
 * stops reading at once and closes the connection). Through node:http, which hands over an answer
 * that arrives early: Node 24's fetch reports the unsent rest as `fetch failed` instead.
 */
async function post(base: string, path: string, form: FormData): Promise<{ status: number; body: Record<string, unknown>; connection: string | null }> {
  const encoded = new Request(`${base}${path}`, { method: 'POST', body: form });
  const bytes = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(`${base}${path}`, { method: 'POST', headers: { 'content-type': encoded.headers.get('content-type')!, 'content-length': bytes.length } }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) as Record<string, unknown>, connection: (res.headers.connection as string | undefined) ?? null }));
      res.on('error', reject);
    });
    // The connection closing under the rest of the body, once the answer is in, is what a 413 does.
    req.on('error', (error) => answered || reject(error));
    req.end(bytes);
  });
}

/** Waits until `dir` is empty (deletion follows the answer by a moment), or fails after a second. */
async function emptied(dir: string): Promise<void> {
  for (let i = 0; i < 100 && readdirSync(dir).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.equal(readdirSync(dir), [], 'no temporary file left');
}

uploads('curl -F: a form with a text field and a file, the file typed by its bytes and the fields validated', async ({ base, temp }) => {
  const file = join(temp, '..', `avatar-${process.pid}.txt`);
  writeFileSync(file, PNG);
  try {
    const { stdout } = await promisify(execFile)('curl', ['-sS', '-F', 'name=Ada', '-F', 'age=36', '-F', `avatar=@${file};type=text/plain`, `${base}/files/avatar`]);
    const answer = JSON.parse(stdout) as Record<string, unknown>;
    assert.equal(answer, { profile: { name: 'Ada', age: 36 }, avatar: { name: `avatar-${process.pid}.txt`, size: PNG.length, type: 'image/png' } });
  } finally {
    rmSync(file, { force: true });
  }
});

uploads('a field sent several times holds every value', async ({ base }) => {
  const form = new FormData();
  form.append('name', 'Ada');
  form.append('tags', 'math');
  form.append('tags', 'engines');
  form.append('avatar', new Blob([PNG]), 'a.png');
  const { status, body } = await post(base, '/files/avatar', form);
  assert.is(status, 200, JSON.stringify(body));
  assert.equal(body.profile, { name: 'Ada', tags: ['math', 'engines'] });
});

uploads('an invalid text field is the body validation 400, naming the field', async ({ base }) => {
  const form = new FormData();
  form.append('name', 'Ada');
  form.append('age', '200');
  form.append('avatar', new Blob([PNG]), 'a.png');
  const { status, body } = await post(base, '/files/avatar', form);
  assert.is(status, 400);
  assert.is(body.name, 'NotValidBodyException');
  assert.match(String(body.message), /^Invalid form: age must not be greater than 150/);
});

uploads('a field that does not convert is a 400 naming it', async ({ base }) => {
  const form = new FormData();
  form.append('name', 'Ada');
  form.append('age', 'old');
  form.append('avatar', new Blob([PNG]), 'a.png');
  const { status, body } = await post(base, '/files/avatar', form);
  assert.is(status, 400);
  assert.match(String(body.message), /Form field 'age' must be a number, got 'old'/);
});

uploads('several files in one field, and an optional one left out', async ({ base }) => {
  const form = new FormData();
  form.append('photos', new Blob([PNG]), 'one.png');
  form.append('photos', new Blob(['hello']), 'two.txt');
  const { status, body } = await post(base, '/files/photos', form);
  assert.is(status, 200);
  assert.equal(body, { photos: [{ name: 'one.png', size: PNG.length, type: 'image/png' }, { name: 'two.txt', size: 5, type: 'text/plain' }], cover: null });
});

const refusals: readonly { what: string; path: string; form: () => FormData; status: number; limit?: string; message: RegExp }[] = [
  { what: 'a file over its maxBytes', path: '/files/avatar', form: () => formOf({ name: 'Ada' }, { avatar: [new Uint8Array(65 * 1024).fill(0x61)] }), status: 413, limit: 'fileBytes', message: /File 'avatar' is larger than the limit of 65536 bytes/ },
  { what: 'a file over the default 1 MiB', path: '/files/photos', form: () => formOf({}, { photos: [new Uint8Array(1024 * 1024 + 1).fill(0x61)] }), status: 413, limit: 'fileBytes', message: /limit of 1048576 bytes/ },
  { what: 'two files where one is allowed', path: '/files/avatar', form: () => formOf({ name: 'Ada' }, { avatar: [PNG, PNG] }), status: 413, limit: 'fieldFiles', message: /Form field 'avatar' holds more than 1 file$/ },
  { what: 'more files than maxCount', path: '/files/photos', form: () => formOf({}, { photos: [PNG, PNG, PNG, PNG] }), status: 413, limit: 'fieldFiles', message: /holds more than 3 files/ },
  { what: 'more text fields than allowed', path: '/files/photos', form: () => formOf({ a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' }, {}), status: 413, limit: 'fields', message: /more than the limit of 5 text fields/ },
  { what: 'a body over the application body limit', path: '/files/avatar', form: () => formOf({ name: 'x'.repeat(40 * 1024), other: 'x'.repeat(40 * 1024) }, { avatar: [new Uint8Array(60 * 1024)] }), status: 413, limit: 'bodyBytes', message: /larger than the limit of 131072 bytes/ },
  { what: "a body over the route's @BodyLimit", path: '/files/photos', form: () => formOf({}, { photos: [new Uint8Array(1000 * 1024), new Uint8Array(1000 * 1024), new Uint8Array(1000 * 1024), new Uint8Array(1000 * 1024), new Uint8Array(1000 * 1024)] }), status: 413, limit: 'bodyBytes', message: /larger than the limit of 4194304 bytes/ },
  { what: 'a field name over 1 KiB', path: '/files/photos', form: () => formOf({ ['n'.repeat(1025)]: 'x' }, {}), status: 413, limit: 'fieldNameBytes', message: /longer than the limit of 1024 bytes/ },
  { what: 'bytes that lie about their type', path: '/files/avatar', form: () => { const form = formOf({ name: 'Ada' }, {}); form.append('avatar', new Blob([PDF], { type: 'image/png' }), 'cat.png'); return form; }, status: 415, message: /File 'avatar' is application\/pdf by its bytes; it must be one of image\/png, image\/jpeg/ },
  { what: 'a file in a field the route does not take', path: '/files/photos', form: () => formOf({}, { other: [PNG] }), status: 400, message: /'other' is a file, but this route takes files in 'photos', 'cover' only/ },
  { what: 'a missing required file', path: '/files/avatar', form: () => formOf({ name: 'Ada' }, {}), status: 400, message: /no file in field 'avatar'/ },
  { what: 'a __proto__ field', path: '/files/photos', form: () => formOf({ __proto__x: '' }, {}, '__proto__'), status: 400, message: /may not be named '__proto__'/ },
  { what: 'a constructor field', path: '/files/photos', form: () => formOf({}, {}, 'constructor'), status: 400, message: /may not be named 'constructor'/ },
];

function formOf(fields: Record<string, string>, files: Record<string, readonly Uint8Array<ArrayBuffer>[]>, extraName?: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (name !== '__proto__x') form.append(name, value);
  if (extraName) form.append(extraName, 'x');
  for (const [name, list] of Object.entries(files)) list.forEach((bytes, index) => form.append(name, new Blob([bytes]), `${name}-${index}.bin`));
  return form;
}

for (const refusal of refusals) {
  uploads(`refuses ${refusal.what} (${refusal.status})`, async ({ base, temp }) => {
    const { status, body, connection } = await post(base, refusal.path, refusal.form());
    assert.is(status, refusal.status, JSON.stringify(body));
    assert.match(String(body.message), refusal.message);
    if (refusal.limit) assert.is(body.limit, refusal.limit);
    if (!web) assert.is(connection, 'close', 'the unread rest of the body closes the connection');
    await emptied(temp);
  });
}

/** Sends raw bytes and reads the whole answer (the connection closes after it). */
function raw(port: number, head: string, body: Uint8Array | string, end = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(head);
    socket.write(body);
    if (end) socket.end();
  });
}

const B = 'b0undary';
const rawRequests: readonly { what: string; contentType: string; body: string; message: RegExp }[] = [
  { what: 'a multipart Content-Type without a boundary', contentType: 'multipart/form-data', body: `--${B}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--${B}--\r\n`, message: /no boundary parameter/ },
  { what: 'a truncated part', contentType: `multipart/form-data; boundary=${B}`, body: `--${B}\r\nContent-Disposition: form-data; name="photos"; filename="a.txt"\r\n\r\nhello`, message: /truncated/ },
  { what: 'a part without a name', contentType: `multipart/form-data; boundary=${B}`, body: `--${B}\r\nContent-Disposition: form-data; filename="a.txt"\r\n\r\nhello\r\n--${B}--\r\n`, message: /has no name/ },
  { what: 'a JSON body', contentType: 'application/json', body: '{"photos":[]}', message: /must be sent as multipart\/form-data \(got 'application\/json'\)/ },
  ...[
    { disposition: `filename*=UTF-8''a%0D%0A`, reason: /it decodes to a control character \(a line break\)/ },
    { disposition: `filename*=UTF-8''a%00b.txt`, reason: /it decodes to a control character"/ },
    { disposition: `filename*=UTF-8''a%ZZ.txt`, reason: /a % is not followed by two hex digits/ },
    { disposition: `filename*=UTF-8''%FF%FE.txt`, reason: /its bytes are not UTF-8/ },
    { disposition: `filename*=a.txt`, reason: /not charset'language'percent-encoded-value/ },
    // A filename beside it is no fallback, in either order: the parser drops the part for the one and keeps the other.
    { disposition: `filename="plain.txt"; filename*=UTF-8''a%0D%0A`, reason: /a line break/ },
    { disposition: `filename*=UTF-8''a%0D%0A; filename="plain.txt"`, reason: /a line break/ },
  ].map(({ disposition, reason }) => ({
    what: `a file part with ${JSON.stringify(disposition)}`,
    contentType: `multipart/form-data; boundary=${B}`,
    body: `--${B}\r\nContent-Disposition: form-data; name="photos"; ${disposition}\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${B}--\r\n`,
    message: new RegExp(`"Form part 'photos' has a filename\\* that cannot be decoded: [^"]*${reason.source}`),
  })),
  {
    what: 'a part whose name* does not decode',
    contentType: `multipart/form-data; boundary=${B}`,
    body: `--${B}\r\nContent-Disposition: form-data; name*=UTF-8''a%0A; filename="a.txt"\r\n\r\nhello\r\n--${B}--\r\n`,
    message: /A form part has a name\* that cannot be decoded: it decodes to a control character \(a line break\)/,
  },
];

for (const request of rawRequests) {
  uploads(`refuses ${request.what} with a 400`, async ({ port }) => {
    const answer = await raw(port, `POST /files/photos HTTP/1.1\r\nHost: x\r\nContent-Type: ${request.contentType}\r\nContent-Length: ${Buffer.byteLength(request.body)}\r\nConnection: close\r\n\r\n`, request.body);
    assert.match(answer, /^HTTP\/1\.1 400 /);
    assert.match(answer, request.message);
  });
}

uploads('a filename* that decodes is the file\'s name; one that does not, after a file on disk, is a 400 that leaves no temporary file', async ({ port, temp }) => {
  const send = (body: string) => raw(port, `POST /files/photos HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${B}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`, body, false);
  const named = await send(`--${B}\r\nContent-Disposition: form-data; name="photos"; filename*=UTF-8'fr'%C3%A9t%C3%A9.txt\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${B}--\r\n`);
  assert.match(named, /^HTTP\/1\.1 200 /);
  assert.equal(JSON.parse(Buffer.from(named.slice(named.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8')), { photos: [{ name: 'été.txt', size: 5, type: 'text/plain' }], cover: null });
  // 64 KiB of text goes to disk (above memoryBytes) before the bad part arrives.
  const text = 'a'.repeat(64 * 1024);
  const refused = await send(`--${B}\r\nContent-Disposition: form-data; name="photos"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${B}\r\nContent-Disposition: form-data; name="cover"; filename*=UTF-8''a%0D%0A\r\n\r\nhello\r\n--${B}--\r\n`);
  assert.match(refused, /^HTTP\/1\.1 400 /);
  assert.match(refused, /Form part 'cover' has a filename\* that cannot be decoded: it decodes to a control character \(a line break\)/);
  await emptied(temp);
});

uploads('a quoted filename holding `;filename*=` is the file\'s name, not an extended parameter', async ({ base }) => {
  const form = new FormData();
  form.append('photos', new Blob(['hello'], { type: 'text/plain' }), "a;filename*=x'y.txt");
  const { status, body } = await post(base, '/files/photos', form);
  assert.is(status, 200, JSON.stringify(body));
  assert.equal(body.photos, [{ name: "a;filename*=x'y.txt", size: 5, type: 'text/plain' }]);
});

uploads('a thrown handler error after a large file: its temporary file is deleted', async ({ base, temp }) => {
  const form = formOf({}, { file: [new Uint8Array(2 * 1024 * 1024).fill(0x61)] });
  const { status, body } = await post(base, '/files/fails', form);
  assert.is(status, 409);
  assert.is(body.message, `refused ${2 * 1024 * 1024} bytes`);
  await emptied(temp);
});

uploads('a large file goes to disk, past inMemoryBodyBytes, and is deleted after the answer', async ({ base, temp }) => {
  const { status, body } = await post(base, '/files/large', formOf({}, { file: [new Uint8Array(3 * 1024 * 1024)] }));
  assert.is(status, 200);
  assert.equal(body, { size: 3 * 1024 * 1024, read: 3 * 1024 * 1024 });
  await emptied(temp);
});

uploads("@BodyLimit holds a JSON route's bodies too", async ({ base }) => {
  const send = (text: string) => fetch(`${base}/files/note`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  assert.is((await send('"short"')).status, 200);
  const response = await send(JSON.stringify('x'.repeat(100)));
  assert.is(response.status, 413);
  assert.match(((await response.json()) as { message: string }).message, /limit of 64 bytes/);
});

uploads('a timeout while the form arrives: a 503, reading stops, and the temporary file goes', async ({ port, temp }) => {
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.on('connect', resolve));
  socket.write(`POST /files/deadline HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${B}\r\nContent-Length: ${4 * 1024 * 1024}\r\n\r\n`);
  socket.write(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\n\r\n`);
  socket.write(Buffer.alloc(64 * 1024, 0x61));
  // The rest never comes: the route's 200 ms deadline answers first.
  for (let i = 0; i < 200 && !answer.includes('\r\n\r\n'); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.match(answer, /^HTTP\/1\.1 503 /);
  await emptied(temp);
  socket.destroy();
});

uploads('an aborted upload leaves no temporary file', async ({ port, temp }) => {
  const head = `POST /files/large HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${B}\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`;
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.on('connect', resolve));
  socket.write(head);
  socket.write(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  for (let i = 0; i < 16; i++) socket.write(chunk);
  // The server has spilled the first MiB to disk by now: wait until the file is there, then vanish.
  for (let i = 0; i < 100 && readdirSync(temp).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.is(readdirSync(temp).length, 1, 'the upload was being written to a temporary file');
  socket.destroy();
  await emptied(temp);
});

uploads.run();
