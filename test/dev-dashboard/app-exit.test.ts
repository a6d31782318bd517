/**
 * An app process of the dev loop that ends tells the dashboard so (through the loop: it cannot
 * itself), so that the page does not show, and the explorer does not call, an address nobody serves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnApp } from '../../compiler/src/dev/app-child.js';
import { ROOT, TMP } from '../compiler/helpers.js';

test('an app process that ends is followed by dashboard:exited with its pid', async () => {
  const dir = path.join(TMP, `app-exit-${process.pid}`);
  fs.mkdirSync(dir, { recursive: true });
  const entry = path.join(dir, 'main.ts');
  fs.writeFileSync(entry, "throw new Error('the app fails at start');\n");
  const messages: unknown[] = [];
  try {
    const child = spawnApp(entry, ROOT, { onMessage: (message) => messages.push(message) });
    child.run(true); // held: its failure is kept, not printed
    assert.is(await child.exited, 'code 1');
    const exited = messages.filter((m) => (m as { type?: string }).type === 'dashboard:exited');
    assert.is(exited.length, 1);
    assert.is(typeof (exited[0] as { pid?: unknown }).pid, 'number');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
