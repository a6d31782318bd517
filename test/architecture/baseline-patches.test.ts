// The bench's baseline patches (bench/baselines/*.patch) take a hook out of today's runtime so the
// `framework-baseline` peer can measure what it costs. A refactor that moves the code they edit
// leaves them unusable without a word until someone runs that benchmark: here each one must still
// apply to the working tree, as `git apply --check` sees it (stricter than the `patch` the bench runs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../../', import.meta.url));
const baselines = join(root, 'bench/baselines');

function git(...args: string[]): { ok: boolean; output: string } {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return { ok: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}${run.error?.message ?? ''}`.trim() };
}

/** `git apply --check` of one patch against the working tree. */
function applies(patch: string): { ok: boolean; output: string } {
  return git('apply', '--check', patch);
}

const inCheckout = git('rev-parse', '--is-inside-work-tree').output === 'true';
const patches = readdirSync(baselines).filter((name) => name.endsWith('.patch')).sort();

if (!inCheckout) {
  console.log('baseline-patches: skipped, not in a git checkout (git apply --check needs one)');
} else {
  test('every bench/baselines/*.patch applies to the working tree', () => {
    assert.ok(patches.includes('no-instrumentation.patch'), `bench/baselines holds ${patches.join(', ') || 'no patch'}: moved?`);
    const stale = patches.map((name) => ({ name, ...applies(join(baselines, name)) })).filter(({ ok }) => !ok);
    assert.equal(
      stale.map(({ name, output }) => `${name}:\n    ${output.split('\n').join('\n    ')}`),
      [],
      'rewrite these against the current runtime (the code they edit moved or changed)',
    );
  });

  test('a patch whose context is gone is refused (the check can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baseline-patch-'));
    try {
      const stale = join(dir, 'stale.patch');
      const text = readFileSync(join(baselines, 'no-instrumentation.patch'), 'utf8');
      // The first context line of the first hunk made unlike the tree's.
      const hunk = text.indexOf('\n@@ ');
      assert.ok(hunk > 0, 'no hunk in no-instrumentation.patch');
      writeFileSync(stale, text.slice(0, hunk) + text.slice(hunk).replace(/\n (.+)\n/, '\n $1 // no longer there\n'));
      const verdict = applies(stale);
      assert.not.ok(verdict.ok, 'git apply --check accepted a patch whose context the tree lacks');
      assert.match(verdict.output, /patch does not apply|patch failed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test.run();
