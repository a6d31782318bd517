#!/usr/bin/env node
// Lines of `runtime/core/src/http/` against issue 42's size goal (no more lines than before the
// pipeline, while holding everything held then). The capabilities added since are counted out,
// on both sides: a path that already stood at the baseline (the Lambda host, Bun's listener) is
// counted out of the baseline too, so the two figures compare the same things.
//
//   node scripts/http-lines.mjs          # the table and the verdict
//   node scripts/http-lines.mjs --json   # the same as JSON
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HTTP = 'runtime/core/src/http';
/** The parent of the pipeline's first commit (f073799): 5,015 lines. */
const BASELINE = 'a3fdf37';

/** Paths under `http/` (a trailing `/` is a folder), with the capability they hold. */
const COUNTED_OUT = [
  ['browser/', 'CORS and security headers'],
  ['cookies/', '@Cookie, signed cookies'],
  ['context/', "the HTTP context's headers, cookies and redirect"],
  ['encoding/', 'compression and conditional GET'],
  ['files/', 'static files (app.serveStatic)'],
  ['uploads/', 'multipart uploads'],
  ['versioning/', 'API versioning'],
  ['hosts/bun/', 'the Bun host'],
  ['hosts/lambda/', 'the Lambda host'],
  ['hosts/node/secure-listener.ts', 'HTTPS and HTTP/2'],
  ['listen-options.ts', 'HTTPS and HTTP/2 (app.listen({ tls }))'],
  ['hosts/node/static-files-listener.ts', 'static files on the node adapter'],
];

const lines = (text) => (text.match(/\n/g)?.length ?? 0) + (text.length > 0 && !text.endsWith('\n') ? 1 : 0);
const under = (path, prefix) => (prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix);

function filesNow() {
  const out = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts')) out.set(relative(join(root, HTTP), full), lines(readFileSync(full, 'utf8')));
    }
  };
  walk(join(root, HTTP));
  return out;
}

function filesAt(commit) {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  const out = new Map();
  for (const path of git('ls-tree', '-r', '--name-only', commit, `${HTTP}/`).split('\n')) {
    if (path.endsWith('.ts')) out.set(path.slice(HTTP.length + 1), lines(git('show', `${commit}:${path}`)));
  }
  return out;
}

function account(files) {
  const total = [...files.values()].reduce((sum, n) => sum + n, 0);
  const out = COUNTED_OUT.map(([path]) => [...files].filter(([file]) => under(file, path)).reduce((sum, [, n]) => sum + n, 0));
  return { total, out, held: total - out.reduce((sum, n) => sum + n, 0) };
}

const now = account(filesNow());
const before = account(filesAt(BASELINE));
const result = {
  baseline: BASELINE,
  now: now.total,
  before: before.total,
  countedOut: COUNTED_OUT.map(([path, what], i) => ({ path, what, now: now.out[i], before: before.out[i] })),
  heldNow: now.held,
  heldBefore: before.held,
  over: now.held - before.held,
};
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(result, null, 2));
} else {
  console.log(`${HTTP}/*.ts: ${now.total} lines now, ${before.total} at ${BASELINE} (before the pipeline)`);
  console.log('counted out (now / at the baseline):');
  for (const row of result.countedOut) console.log(`  ${String(row.now).padStart(5)} / ${String(row.before).padStart(4)}  ${row.path}  (${row.what})`);
  console.log(`what was held then: ${now.held} lines now against ${before.held} before: ${result.over > 0 ? `${result.over} over` : `${-result.over} under`} the goal`);
  // The reading that counts the Lambda and Bun files out of now only, though the baseline held them too.
  const loose = now.held - before.total;
  console.log(`(against the whole ${before.total} of the baseline: ${loose > 0 ? `${loose} over` : `${-loose} under`})`);
}
