// docs/architecture.md states the layers that .dependency-cruiser.cjs enforces: every folder and
// file a layer rule names appears on the page, so the page cannot fall behind the rules.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = new URL('../../', import.meta.url);
const require = createRequire(import.meta.url);
const config = require(new URL('.dependency-cruiser.cjs', root).pathname) as { forbidden: { name: string; from: { path?: string } }[] };
const page = readFileSync(new URL('docs/architecture.md', root), 'utf8');

/** What one layer rule's `from.path` (`^runtime/core/src/(chain/|metadata\.ts$)`) names: `chain/`, `metadata.ts`. */
function entriesOf(pattern: string): string[] {
  const alternatives = /\((.*)\)$/.exec(pattern)?.[1] ?? '';
  return alternatives.split('|').map((entry) => entry.replace(/\$$/, '').replace(/\\/g, ''));
}

test('every folder and file of a layer rule is named on docs/architecture.md', () => {
  const layerRules = config.forbidden.filter((rule) => /-layer-/.test(rule.name));
  assert.ok(layerRules.length >= 15, `found ${layerRules.length} layer rules in .dependency-cruiser.cjs`);
  const entries = [...new Set(layerRules.flatMap((rule) => entriesOf(rule.from.path ?? '')))];
  assert.ok(entries.includes('chain/') && entries.includes('emit/'), `read the layers as ${entries.join(', ')}`);
  const missing = entries.filter((entry) => !page.includes(`\`${entry}\``));
  assert.equal(missing, [], `in a layer of .dependency-cruiser.cjs but not on docs/architecture.md: ${missing.join(', ')}`);
});

test.run();
