#!/usr/bin/env node
// Makes sure Debian's Firefox (ESR) can be started by the dev dashboard's Firefox suite (see system-tool.mjs).
import { existsSync } from 'node:fs';
import { ensureSystemTool, findOnPath, runWhenScript } from './system-tool.mjs';

export const MISSING =
  'npm test needs Firefox for the dev dashboard\'s Firefox suite and cannot install it here: install it (Debian/Ubuntu: `sudo apt-get install firefox-esr`, macOS: `brew install --cask firefox`) and run again.';

/** Where the browser is: `/usr/bin/firefox-esr` (Debian), `/usr/bin/firefox`, or a `firefox` on PATH. */
export function findFirefoxBinary(env = process.env) {
  for (const file of ['/usr/bin/firefox-esr', '/usr/bin/firefox']) if (existsSync(file)) return file;
  return findOnPath('firefox-esr', env) ?? findOnPath('firefox', env);
}

/**
 * Ensures Firefox is installed. Returns `{ ok: true, path }`, or `{ ok: false, message }` with the
 * one line to print.
 *
 * @example
 * const firefox = ensureFirefox();
 * if (!firefox.ok) { console.error(firefox.message); process.exit(1); }
 */
export function ensureFirefox(env = process.env, log = (line) => console.log(line)) {
  return ensureSystemTool(
    {
      name: 'firefox',
      why: 'the dev dashboard is checked in a second real browser',
      find: findFirefoxBinary,
      apt: ['firefox-esr'],
      brew: ['--cask', 'firefox'],
      missing: MISSING,
    },
    env,
    log,
  );
}

runWhenScript(import.meta.url, ensureFirefox, 'firefox');
