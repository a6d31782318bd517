// What FW1705 takes for the options a rule's library reads, held to the libraries themselves: the
// options found by calling validator.js's functions are every one their source names, the options
// typed by hand are ones validator.js reads, and class-validator's own options (declared, since the
// compiler does not load class-validator) are the ones its functions read.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { OPTION_SPECS, readOptions } from '../../compiler/src/analyze/validation/option-shapes.js';

const load = createRequire(import.meta.url);
const specs = Object.entries(OPTION_SPECS);

test("the options found by calling validator.js's functions are every one their source names", () => {
  for (const [rule, spec] of specs.filter(([, s]) => !s.own)) {
    const source = readFileSync(load.resolve(`validator/lib/${spec.fn}.js`), 'utf8');
    const named = new Set([...source.matchAll(/\b\w*[oO]ptions\.([A-Za-z_]\w*)/g)].map((m) => m[1]!));
    const found = new Set(readOptions(spec).keys());
    assert.equal([...named].filter((key) => !found.has(key)), [], `${rule}: options its source names but the probe missed`);
    assert.ok(found.size > 0, `${rule} reads options`);
  }
});

test('every option typed, refused or said unused by hand is one validator.js reads', () => {
  for (const [rule, spec] of specs.filter(([, s]) => !s.own)) {
    const found = new Set(readOptions(spec).keys());
    const named = [...Object.keys(spec.kinds ?? {}), ...Object.keys(spec.neverUsed ?? {}), ...Object.keys(spec.refused ?? {})];
    assert.equal(named.filter((key) => !found.has(key)), [], `${rule}: options validator.js does not read`);
  }
});

test("class-validator's own options are the ones its functions read", () => {
  const probes: Record<string, readonly unknown[]> = { isNumber: [1.5, 1, Number.NaN, Number.POSITIVE_INFINITY], isNotEmptyObject: [{ a: 1 }, {}, null] };
  const validators = load('class-validator') as Record<string, (value: unknown, options: object) => unknown>;
  for (const [rule, spec] of specs.filter(([, s]) => s.own)) {
    const read = new Set<string>();
    const options = new Proxy({}, { get: (_, key) => (typeof key === 'string' && read.add(key), undefined) });
    for (const value of probes[spec.fn] ?? []) validators[spec.fn]!(value, options);
    assert.equal([...read].sort(), Object.keys(spec.kinds ?? {}).sort(), rule);
  }
});

test.run();
