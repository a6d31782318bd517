// What Deno and Node share must not import one runtime's server: checked on the compiled code,
// following static imports only (a dynamic import is loaded only when its branch runs).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The specifiers of a module's top-level import and export-from declarations. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
    if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) return [];
    const specifier = statement.moduleSpecifier;
    return specifier && ts.isStringLiteral(specifier) ? [specifier.text] : [];
  });
}

/** Every package or builtin reached from `entry` through static imports, with the file importing it. */
function reachablePackages(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else if (!packages.has(specifier)) packages.set(specifier, relative(root, file));
    }
  }
  return packages;
}

test('@framework/core statically imports only Web-standard packages; the Node server is a lazy import', () => {
  const entry = join(root, 'runtime/core/dist/index.js');
  const allowed = /^(hono(\/.*)?|jose|validator\/lib\/\w+\.js)$/;
  const reached = reachablePackages(entry);
  const foreign = [...reached].filter(([specifier]) => !allowed.test(specifier));
  assert.equal(foreign, [], `runtime-specific imports in the shared core: ${foreign.map(([s, f]) => `${s} (from ${f})`).join(', ')}`);
  const adapters = readFileSync(join(root, 'runtime/core/dist/http/server-adapter.js'), 'utf8');
  assert.match(adapters, "import('./node-listener.js')");
  assert.match(adapters, "import('./deno-listener.js')");
  // class-validator is imported only when a DTO needs it (see runtime/core/src/validation/body-validator.ts).
  assert.not.ok(reached.has('class-validator'), 'class-validator is a static import of the core');
  for (const entryPoint of ['validation/index.js', 'validation/decorators.js']) {
    assert.not.ok(reachablePackages(join(root, 'runtime/core/dist', entryPoint)).has('class-validator'), `${entryPoint} imports class-validator`);
  }
});

test('generated tables import only the framework packages and the application sources', () => {
  const tables = readdirSync(join(root, 'generated'))
    .map((dir) => join(root, 'generated', dir, 'tables.ts'))
    .filter((file) => existsSync(file));
  assert.ok(tables.length > 0, 'generated/ holds tables');
  for (const file of tables) {
    for (const specifier of staticImports(file)) {
      assert.ok(specifier.startsWith('.') || /^@framework\/(core|grpc|core\/validation|core\/config)$/.test(specifier), `${relative(root, file)} imports ${specifier}`);
    }
  }
});

test.run();
