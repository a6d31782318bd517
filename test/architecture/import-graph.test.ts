// The import graph of compiler/src and runtime/*/src against the rules of .dependency-cruiser.cjs
// (layers, no circles, the compiler and the runtime apart), checked by dependency-cruiser itself.
// The known exceptions (.dependency-cruiser-known-violations.json) may shrink, never grow: a new
// violation fails naming its import, and an exception that no longer occurs fails until it is
// removed from the file. The rules are proven able to fail on a fixture house that breaks each kind.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../../', import.meta.url));
const config = join(root, '.dependency-cruiser.cjs');
const knownFile = join(root, '.dependency-cruiser-known-violations.json');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const SOURCES = ['compiler/src', 'runtime/core/src', 'runtime/grpc/src', 'runtime/testing/src'];

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
  readonly cycle?: readonly ({ readonly name: string } | string)[];
}

/** Every violation dependency-cruiser reports for `paths` (relative to `cwd`) under the project's rules. */
function violations(cwd: string, paths: readonly string[]): Violation[] {
  const run = spawnSync(process.execPath, [depcruise, '--config', config, '--output-type', 'json', ...paths], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.ok(run.stdout.startsWith('{'), `dependency-cruiser did not answer with its JSON report: ${run.stderr || run.stdout}`);
  const report = JSON.parse(run.stdout) as { summary: { violations: Violation[]; totalCruised: number } };
  assert.ok(report.summary.totalCruised > 0, `dependency-cruiser read no module under ${paths.join(', ')}`);
  return report.summary.violations;
}

const keyOf = (v: Violation): string => `${v.rule.name}: ${v.from} → ${v.to}`;
const describe = (v: Violation): string =>
  v.cycle && v.cycle.length > 0 ? `${keyOf(v)} (circle: ${[v.from, ...v.cycle.map((step) => (typeof step === 'string' ? step : step.name))].join(' → ')})` : keyOf(v);

const found = violations(root, SOURCES);
const known = JSON.parse(readFileSync(knownFile, 'utf8')) as Violation[];

test('no import breaks a rule of .dependency-cruiser.cjs, besides the known exceptions', () => {
  const knownKeys = new Set(known.map(keyOf));
  const fresh = found.filter((v) => !knownKeys.has(keyOf(v)));
  assert.ok(fresh.length === 0, `imports that break the layering (see the rule's comment in .dependency-cruiser.cjs and docs/architecture.md):\n  ${fresh.map(describe).join('\n  ')}`);
});

test('every known exception still occurs (a fixed one leaves .dependency-cruiser-known-violations.json)', () => {
  const foundKeys = new Set(found.map(keyOf));
  const stale = known.filter((v) => !foundKeys.has(keyOf(v)));
  assert.ok(stale.length === 0, `no longer found, remove from .dependency-cruiser-known-violations.json:\n  ${stale.map(keyOf).join('\n  ')}`);
});

test('the known exceptions are only the circles of the HTTP servers and the telemetry, left for their owners', () => {
  const elsewhere = known.filter((v) => v.rule.name !== 'no-circular' || !/^runtime\/core\/src\/(http|telemetry)\//.test(v.from));
  assert.equal(elsewhere.map(keyOf), []);
});

test('the rules catch a circle, an upward import, a folder in no layer, the runtime importing the compiler, and a stage importing node:http or a host adapter (fixture house)', () => {
  const fixture = join(root, 'test/architecture/fixtures/house');
  // A circle is reported once, from the file where the walk met it first.
  const keys = violations(fixture, ['compiler/src', 'runtime/core/src']).map(keyOf).sort();
  assert.equal(keys, [
    'compiler-and-runtime-apart: runtime/core/src/types/clock.ts → compiler/src/ir/span.ts',
    'compiler-layer-ir-and-file-paths: compiler/src/ir/location.ts → compiler/src/emit/banner.ts',
    'core-every-file-in-a-layer: runtime/core/src/chain/second-step.ts → runtime/core/src/helpers/shout.ts',
    'host-apis-in-hosts: runtime/core/src/http/answer-stage.ts → http',
    'no-circular: runtime/core/src/chain/first-step.ts → runtime/core/src/chain/second-step.ts',
    'stages-below-hosts: runtime/core/src/http/answer-stage.ts → runtime/core/src/http/hosts/node/adapter.ts',
  ]);
});

test.run();
