// Small files with one concern: no source file of the compiler or the runtime passes 300 lines.
// Counted as `wc -l` counts them; a file that grows past the budget is split by what it holds.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../../', import.meta.url));
const BUDGET = 300;
const SOURCES = ['compiler/src', 'runtime/core/src', 'runtime/grpc/src', 'runtime/testing/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

test(`no source file of compiler/src or runtime/*/src has more than ${BUDGET} lines`, () => {
  const files = SOURCES.flatMap((dir) => sourceFiles(join(root, dir)));
  assert.ok(files.length > 100, `found only ${files.length} source files: the folders moved?`);
  const over = files
    .map((file) => ({ file: relative(root, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > BUDGET)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  assert.equal(over, [], `over the ${BUDGET}-line budget:\n  ${over.join('\n  ')}`);
});

test.run();
