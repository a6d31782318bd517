/**
 * A real browser (Debian's Chromium, headless) posts a plain HTML form with a file input: the
 * multipart body the browser builds is read, its text fields validated and its file typed by its
 * bytes; a file whose bytes lie about its name is refused.
 */
import { FrameworkApplication, type ApplicationTables } from '@framework/core';
import type { BrowserContext, Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchHeadlessChromium } from '../headless-chromium.js';
import { compileFixture } from '../compile-fixture.js';
import { AppModule } from './fixtures/uploads-app/src/app.module.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

interface Context {
  app: FrameworkApplication;
  base: string;
  browser: BrowserContext;
  page: Page;
}

const test = suite<Context>('a browser form posting a file');

test.before(async (context) => {
  const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/uploads-app/', import.meta.url));
  context.app = await new FrameworkApplication(tables).init(AppModule);
  context.base = `http://127.0.0.1:${await context.app.listen(0, '127.0.0.1')}`;
  context.browser = await launchHeadlessChromium();
  context.page = await context.browser.newPage();
});

test.after(async (context) => {
  await context.browser?.close();
  await context.app?.close();
});

/** Fills the page's form with `file` and submits it the way a person would; the answer's status and text. */
async function submit(page: Page, base: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<{ status: number; text: string }> {
  await page.goto(`${base}/files/page`);
  await page.setInputFiles('input[type=file]', file);
  const [response] = await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
  return { status: response!.status(), text: await response!.text() };
}

test('the form the browser builds: fields converted and validated, the file a PNG by its bytes', async ({ page, base }) => {
  const { status, text } = await submit(page, base, { name: 'avatar.bin', mimeType: 'application/octet-stream', buffer: PNG });
  assert.is(status, 200, text);
  assert.equal(JSON.parse(text), { profile: { name: 'Ada', age: 36 }, avatar: { name: 'avatar.bin', size: PNG.length, type: 'image/png' } });
});

test('a text file named .png and declared image/png is refused by its bytes (415)', async ({ page, base }) => {
  const { status, text } = await submit(page, base, { name: 'cat.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all\n') });
  assert.is(status, 415, text);
  assert.match(JSON.parse(text).message, /File 'avatar' is text\/plain by its bytes; it must be one of image\/png, image\/jpeg/);
});

test.run();
