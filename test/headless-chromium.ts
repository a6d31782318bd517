import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { findChromium } from './provision/chromium.mjs';

/** What a suite may set on top of the common launch: the window's size and Chromium switches of its own. */
export interface HeadlessChromiumOptions {
  viewport?: { width: number; height: number };
  args?: readonly string[];
}

/**
 * Debian's Chromium, headless, in a fresh profile (`--user-data-dir`, which Playwright passes from
 * its first argument) that `close()` removes once the browser has exited: the browser suites' one way to start
 * it. No first-run pages, background networking or QUIC, so a suite sees only its own requests.
 *
 * @example
 * const browser = await launchHeadlessChromium({ viewport: { width: 1280, height: 900 } });
 * const page = await browser.newPage();
 * await page.goto(base);
 * await browser.close(); // the profile goes with it
 */
export async function launchHeadlessChromium(options: HeadlessChromiumOptions = {}): Promise<BrowserContext> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'framework-chromium-'));
  try {
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath: findChromium() ?? '/usr/bin/chromium',
      headless: true,
      ...(options.viewport ? { viewport: options.viewport } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(options.args ?? [])],
    });
    // The profile goes once the browser has exited: it writes there until then.
    const closeBrowser = browser.close.bind(browser);
    browser.close = async (...args) => {
      try {
        await closeBrowser(...args);
      } finally {
        fs.rmSync(profile, { recursive: true, force: true });
      }
    };
    return browser;
  } catch (error) {
    fs.rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
