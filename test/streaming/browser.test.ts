/**
 * The streams from a real browser (Debian's Chromium, headless): `EventSource` reconnecting with
 * `Last-Event-ID` after the server ends a stream, and the browser's `WebSocket` with a validated
 * message and a refused one.
 */
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchHeadlessChromium } from '../headless-chromium.js';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/app/src/app.module.js';

interface Context {
  app: FrameworkApplication;
  base: string;
  browser: BrowserContext;
  page: Page;
}

const test = suite<Context>('streams in a headless browser');

test.before(async (context) => {
  const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url));
  context.app = await new FrameworkApplication(tables).init(AppModule);
  context.base = `http://127.0.0.1:${await context.app.listen(0, '127.0.0.1')}`;
  context.browser = await launchHeadlessChromium();
  context.page = await context.browser.newPage();
  // A page the server itself serves: EventSource and WebSocket are same-origin, as in an app (and
  // Chromium's local-network checks refuse loopback sockets to a page that came from elsewhere).
  await context.page.goto(`${context.base}/streams/page`);
});

test.after(async (context) => {
  await context.browser?.close();
  await context.app?.close();
});

test('EventSource gets every event once: when the server ends the stream, it reconnects with Last-Event-ID and resumes', async ({ page }) => {
  const received = await page.evaluate(
    () =>
      new Promise<{ ids: string[]; data: number[]; opens: number }>((resolve, reject) => {
        const ids: string[] = [];
        const data: number[] = [];
        let opens = 0;
        // Three events per connection, six in all, a reconnection delay of 50 ms.
        const source = new EventSource('/streams/ticks?count=6&batch=3&retry=50');
        source.onopen = () => opens++;
        source.addEventListener('tick', (event) => {
          const message = event as MessageEvent<string>;
          ids.push(message.lastEventId);
          data.push((JSON.parse(message.data) as { n: number }).n);
          if (data.length === 6) {
            source.close();
            resolve({ ids, data, opens });
          }
        });
        setTimeout(() => reject(new Error(`only ${data.length} events after 10 s`)), 10_000);
      }),
  );
  assert.equal(received.data, [1, 2, 3, 4, 5, 6]);
  assert.equal(received.ids, ['1', '2', '3', '4', '5', '6']);
  assert.ok(received.opens >= 2, 'the browser reconnected');
});

test('the browser WebSocket sends a message and gets the answer; an invalid one closes it with 1007 and the rule', async ({ page }) => {
  const outcome = await page.evaluate(
    () =>
      new Promise<{ answer: unknown; code: number; reason: string }>((resolve, reject) => {
        const socket = new WebSocket(`ws://${location.host}/streams/echo`);
        let answer: unknown;
        socket.onopen = () => socket.send(JSON.stringify({ text: 'from the browser', n: 21 }));
        socket.onmessage = (event) => {
          answer = JSON.parse(String(event.data));
          socket.send(JSON.stringify({ text: 42, n: 1 }));
        };
        socket.onclose = (event) => resolve({ answer, code: event.code, reason: event.reason });
        setTimeout(() => reject(new Error('no close after 10 s')), 10_000);
      }),
  );
  assert.equal(outcome, { answer: { text: 'from the browser', doubled: 42 }, code: 1007, reason: 'text must be a string; text must be shorter than or equal to 100 characters' });
});

test.run();
