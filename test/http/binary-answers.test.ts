// A handler answering bytes, a Blob or a Web stream sends those bytes (as Fastify and Express send
// a Buffer), not their JSON form; a Node stream, which has none, is a logged 500 that says what to
// answer instead. The same on both adapters and through `t.request`.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/hostile/src/app.module.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/hostile/', import.meta.url), 'AppModule', 'generated-binary');

for (const adapter of ['node', 'web'] as const) {
  const binary = suite<{ app: FrameworkApplication; base: string; logged: string[] }>(`binary answers (${adapter} adapter)`);

  binary.before(async (context) => {
    context.logged = [];
    const logger: Logger = { error: (message: unknown, error?: unknown) => void context.logged.push(`${String(message)} ${String(error)}`), warn: () => undefined, log: () => undefined };
    context.app = await new FrameworkApplication(tables, { logger }).init(AppModule);
    // Set here whatever the run's switch (the runner also runs every suite with it on).
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    else delete process.env.FRAMEWORK_HTTP_ADAPTER;
    try {
      context.base = `http://127.0.0.1:${await context.app.listen(0, '127.0.0.1')}`;
    } finally {
      delete process.env.FRAMEWORK_HTTP_ADAPTER;
    }
  });
  binary.after(({ app }) => app.close());

  const bytesOf = async (response: Response) => [...new Uint8Array(await response.arrayBuffer())];

  binary('a Uint8Array is its bytes as application/octet-stream, with their length', async ({ base }) => {
    const response = await fetch(`${base}/probe/bytes`);
    assert.is(response.status, 200);
    assert.is(response.headers.get('content-type'), 'application/octet-stream');
    assert.is(response.headers.get('content-length'), '9');
    assert.is(await response.text(), 'raw bytes');
  });

  binary('bytes take the Content-Type the handler set', async ({ base }) => {
    const response = await fetch(`${base}/probe/typed-bytes`);
    assert.is(response.headers.get('content-type'), 'image/png');
    assert.equal(await bytesOf(response), [0x89, 0x50, 0x4e, 0x47]);
  });

  binary('an ArrayBuffer, a Blob (with its type) and a Web stream are their bytes', async ({ base }) => {
    assert.equal(await bytesOf(await fetch(`${base}/probe/array-buffer`)), [1, 2, 3]);
    const blob = await fetch(`${base}/probe/blob`);
    assert.is(blob.headers.get('content-type'), 'text/html');
    assert.is(await blob.text(), '<p>blob</p>');
    const stream = await fetch(`${base}/probe/web-stream`);
    assert.is(stream.headers.get('content-type'), 'application/octet-stream');
    assert.is(await stream.text(), 'one,two');
  });

  binary('HEAD of a bytes route: its head and length, no body; under @HttpCode(204) no body', async ({ base }) => {
    const head = await fetch(`${base}/probe/bytes`, { method: 'HEAD' });
    assert.is(head.headers.get('content-length'), '9');
    assert.is(await head.text(), '');
    const none = await fetch(`${base}/probe/bytes-no-content`);
    assert.is(none.status, 204);
    assert.is(await none.text(), '');
  });

  binary('a Node stream is a logged 500 naming what to answer instead', async ({ base, logged }) => {
    const response = await fetch(`${base}/probe/node-stream`);
    assert.is(response.status, 500);
    assert.not.match(await response.text(), '_readableState');
    assert.match(logged.join('\n'), 'Readable.toWeb');
  });

  binary.run();
}
