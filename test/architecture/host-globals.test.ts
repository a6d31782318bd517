// The host port's other half, which dependency-cruiser cannot see: only the host adapters
// (runtime/core/src/http/hosts/) touch a host's globals (`Deno`, `Bun`). Read with the TypeScript
// parser, so comments and doc examples that name Deno do not count and every use in code does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../../', import.meta.url));
const HOST_GLOBALS = new Set(['Deno', 'Bun']);
/** Readers of the process environment, not of a server: `Deno.env` is Deno's `process.env`. */
const ENVIRONMENT_READERS = ['runtime/core/src/config/env-source.ts', 'runtime/core/src/auth/jwt-secret.ts'];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** `file:line` of every identifier or string literal naming a host global (`globalThis.Deno`, `'Deno' in globalThis`). */
function hostGlobalUses(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const uses: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isIdentifier(node) || ts.isStringLiteral(node)) && HOST_GLOBALS.has(node.text)) {
      uses.push(`${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} (${node.text})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

test('only runtime/core/src/http/hosts/ touches the Deno or Bun globals (besides the environment readers)', () => {
  const outside = sourcesUnder(join(root, 'runtime/core/src')).filter((file) => {
    const path = relative(root, file);
    return !path.startsWith('runtime/core/src/http/hosts/') && !ENVIRONMENT_READERS.includes(path);
  });
  assert.ok(outside.length > 100, `read ${outside.length} files`);
  assert.equal(outside.flatMap(hostGlobalUses), []);
});

test('the check sees a use in code and not a mention in a comment', () => {
  const probe = join(root, 'test/architecture/fixtures/host-global-probe.ts');
  assert.equal(hostGlobalUses(probe).map((use) => use.replace(/^.*:(\d+) /, '$1 ')), ['4 (Deno)', '4 (Deno)', '5 (Bun)']);
});

test.run();
