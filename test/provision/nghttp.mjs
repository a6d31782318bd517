#!/usr/bin/env node
// Makes sure `nghttp` (nghttp2's client) and `curl` can be run by the HTTPS suites (see system-tool.mjs):
// the TLS port is spoken to over HTTP/2 by both, as a user's tools would.
import { ensureSystemTool, findOnPath, runWhenScript } from './system-tool.mjs';

export const MISSING =
  'npm test needs nghttp and curl for the HTTPS suites and cannot install them here: install them (Debian/Ubuntu: `sudo apt-get install nghttp2-client curl`, macOS: `brew install nghttp2 curl`) and run again.';

/**
 * Ensures nghttp and curl are installed. Returns `{ ok: true, path }`, or `{ ok: false, message }`
 * with the one line to print.
 *
 * @example
 * const nghttp = ensureNghttp();
 * if (!nghttp.ok) { console.error(nghttp.message); process.exit(1); }
 */
export function ensureNghttp(env = process.env, log = (line) => console.log(line)) {
  return ensureSystemTool(
    {
      name: 'nghttp',
      why: 'the HTTPS suites speak HTTP/2 to the TLS port with nghttp and curl --http2',
      find: (environment) => (findOnPath('curl', environment) ? findOnPath('nghttp', environment) : undefined),
      apt: ['nghttp2-client', 'curl'],
      brew: ['nghttp2', 'curl'],
      missing: MISSING,
    },
    env,
    log,
  );
}

runWhenScript(import.meta.url, ensureNghttp, 'nghttp');
