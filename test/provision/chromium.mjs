#!/usr/bin/env node
// Makes sure Debian's Chromium can be started by the browser suites (docs page, streams; see system-tool.mjs).
import { existsSync } from 'node:fs';
import { ensureSystemTool, findOnPath, runWhenScript } from './system-tool.mjs';

export const MISSING =
  'npm test needs Chromium for the docs-page browser suite and cannot install it here: install it (Debian/Ubuntu: `sudo apt-get install chromium`, macOS: `brew install --cask chromium`) and run again.';

/** Where the browser is: `/usr/bin/chromium` (Debian) or a `chromium` / `chromium-browser` on PATH. */
export function findChromium(env = process.env) {
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return findOnPath('chromium', env) ?? findOnPath('chromium-browser', env);
}

/**
 * Ensures Chromium is installed. Returns `{ ok: true, path }`, or `{ ok: false, message }` with the
 * one line to print.
 *
 * @example
 * const chromium = ensureChromium();
 * if (!chromium.ok) { console.error(chromium.message); process.exit(1); }
 */
export function ensureChromium(env = process.env, log = (line) => console.log(line)) {
  return ensureSystemTool(
    {
      name: 'chromium',
      why: 'the docs page and the streams are checked in a real headless browser',
      find: findChromium,
      apt: ['chromium'],
      brew: ['--cask', 'chromium'],
      missing: MISSING,
    },
    env,
    log,
  );
}

runWhenScript(import.meta.url, ensureChromium, 'chromium');
