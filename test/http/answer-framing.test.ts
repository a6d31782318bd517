// How an answer's body is delimited, on both adapters, over raw sockets: a keep-alive connection
// must stay in step whatever a handler answers (a streamed Response to HEAD, a Response whose
// Content-Length lies, a Transfer-Encoding or Content-Length set on the context), and a streamed
// Response that fails after its head is cut and logged.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/hostile/src/app.module.js';
import { seen } from './fixtures/hostile/src/probe.controller.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/hostile/', import.meta.url), 'AppModule', 'generated-framing');

/** Writes `request` on a fresh connection and reads until the server closes it or `ms` pass. */
function exchange(port: number, request: string, ms = 1500): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, ms);
    socket.on('data', (data) => (text += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.write(request);
  });
}

/** A second request behind the first on the same connection, closing it: answered only when the first answer ended where it said. */
const AFTER = 'GET /probe/param/after HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
const AFTER_BODY = '{"value":"after"}';

for (const adapter of ['node', 'web'] as const) {
  const framing = suite<{ app: FrameworkApplication; port: number; logged: string[] }>(`answer framing (${adapter} adapter)`);

  framing.before(async (context) => {
    context.logged = [];
    const logger: Logger = { error: (message: unknown, error?: unknown) => void context.logged.push(`${String(message)} ${String(error)}`), warn: () => undefined, log: () => undefined };
    context.app = await new FrameworkApplication(tables, { logger }).init(AppModule);
    // Set here whatever the run's switch (the runner also runs every suite with it on).
    if (adapter === 'web') process.env.FRAMEWORK_HTTP_ADAPTER = 'web';
    else delete process.env.FRAMEWORK_HTTP_ADAPTER;
    try {
      context.port = await context.app.listen(0, '127.0.0.1');
    } finally {
      delete process.env.FRAMEWORK_HTTP_ADAPTER;
    }
  });
  framing.after(({ app }) => app.close());
  framing.before.each(({ logged }) => {
    logged.length = 0;
    seen.started = 0;
    seen.aborted = 0;
  });

  framing('HEAD on a route answering an endless streamed Response: the head, the producer stopped, the connection free', async ({ port }) => {
    const { text, closed } = await exchange(port, `HEAD /probe/endless HTTP/1.1\r\nHost: x\r\n\r\n${AFTER}`);
    assert.ok(closed, 'the connection went on to the second request and closed after it');
    assert.match(text, /^HTTP\/1\.1 200 OK\r\n/);
    assert.not.match(text, 'tick');
    assert.ok(text.endsWith(AFTER_BODY), text);
    assert.is(seen.aborted, 1, "the Response's stream was cancelled");
  });

  for (const [route, declared] of [
    ['/probe/lying-length', 'longer'],
    ['/probe/lying-length?declared=2', 'shorter'],
  ] as const) {
    framing(`a Response whose Content-Length is ${declared} than its body is a logged 500, and the next request is answered`, async ({ port, logged }) => {
      const { text } = await exchange(port, `GET ${route} HTTP/1.1\r\nHost: x\r\n\r\n${AFTER}`);
      assert.match(text, /^HTTP\/1\.1 500 /);
      assert.not.match(text, 'short');
      assert.ok(text.endsWith(AFTER_BODY), text);
      assert.match(logged.join('\n'), "The handler's Response declares Content-Length");
    });
  }

  framing('a Response with its own Transfer-Encoding is framed by the server alone', async ({ port }) => {
    const { text } = await exchange(port, `GET /probe/chunked-response HTTP/1.1\r\nHost: x\r\n\r\n${AFTER}`);
    const head = text.slice(0, text.indexOf('\r\n\r\n')).toLowerCase();
    assert.ok(!(head.includes('transfer-encoding') && head.includes('content-length')), head);
    assert.ok(text.endsWith(AFTER_BODY), text);
  });

  framing('Transfer-Encoding set on the context is refused (a logged 500), never sent beside a Content-Length', async ({ port, logged }) => {
    for (const empty of ['', '&empty=1']) {
      const { text } = await exchange(port, `GET /probe/set?name=Transfer-Encoding&value=chunked${empty} HTTP/1.1\r\nHost: x\r\n\r\n${AFTER}`);
      assert.match(text, /^HTTP\/1\.1 500 /);
      assert.not.match(text.toLowerCase(), 'transfer-encoding: chunked\r\n');
      assert.ok(text.endsWith(AFTER_BODY), text);
    }
    assert.match(logged.join('\n'), 'Transfer-Encoding is set by the server');
  });

  framing('a Content-Length set on the context of an answer without a body is dropped, but for HEAD', async ({ port }) => {
    const { text } = await exchange(port, `GET /probe/set?name=content-length&value=50&empty=1 HTTP/1.1\r\nHost: x\r\n\r\n${AFTER}`);
    assert.match(text, /^HTTP\/1\.1 200 /);
    assert.not.match(text, 'content-length: 50');
    assert.ok(text.endsWith(AFTER_BODY), text);
    const head = await exchange(port, `HEAD /probe/set?name=content-length&value=50&empty=1 HTTP/1.1\r\nHost: x\r\n\r\n${AFTER}`);
    assert.match(head.text.toLowerCase(), 'content-length: 50\r\n');
    assert.ok(head.text.endsWith(AFTER_BODY), head.text);
  });

  framing('a Content-Length set on the context of a text answer is the body\'s own', async ({ port }) => {
    const { text } = await exchange(port, `GET /probe/set?name=content-length&value=3 HTTP/1.1\r\nHost: x\r\n\r\n${AFTER}`);
    assert.match(text.toLowerCase(), 'content-length: 21\r\n');
    assert.ok(text.endsWith(AFTER_BODY), text);
  });

  // The web adapter hands a streamed Response to its host, which reports a failure its own way.
  if (adapter === 'node') {
    framing('a streamed Response that fails after its head: the connection cut before the last chunk, the error logged', async ({ port, logged }) => {
      const { text, closed } = await exchange(port, 'GET /probe/fail-mid-stream HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.ok(closed);
      assert.match(text, 'first part;');
      assert.not.match(text, '\r\n0\r\n\r\n');
      assert.match(logged.join('\n'), 'the source failed');
    });
  }

  framing.run();
}
