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

/** The files a package's exports load (its bundle), from its package.json. */
function exportedFiles(packageDir: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, packageDir, 'package.json'), 'utf8')) as { exports: Record<string, { default?: string } | string> };
  return Object.values(pkg.exports).flatMap((target) => (typeof target === 'object' && target.default ? [join(root, packageDir, target.default)] : []));
}

/** Every file of a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

test('@framework/core statically imports only Web-standard packages; the Node server is a lazy import', () => {
  const entries = exportedFiles('runtime/core');
  assert.ok(entries.length >= 5 && entries.every((file) => file.includes('/dist/bundle/')), 'every export of @framework/core loads its bundle');
  // @opentelemetry/api is host-neutral (a no-op until an SDK registers); pino is a lazy import;
  // cookie (the Cookie header's RFC 6265 parser and Set-Cookie's serialiser), negotiator (Accept-Encoding)
  // and range-parser (Range) are plain JavaScript without dependencies; @fastify/busboy and file-type load with the first form.
  const allowed = /^(hono(\/.*)?|jose(\/[\w/]+)?|validator\/lib\/\w+\.js|@opentelemetry\/api|cookie|negotiator|range-parser)$/;
  // `@framework/core/config` reads the .env file: node:fs and dotenv, which Deno runs through its Node compatibility.
  const allowedByConfig = /^(node:fs|dotenv)$/;
  // `@framework/core/lambda` runs in AWS Lambda's Node.js runtime alone (its result and stream APIs are Node's).
  const allowedByLambda = /^node:(buffer|http|stream|stream\/promises)$/;
  for (const entry of entries) {
    const reached = reachablePackages(entry);
    const isConfig = entry.endsWith('/bundle/config/index.js');
    const isLambda = entry.endsWith('/bundle/http/hosts/lambda/index.js');
    const foreign = [...reached].filter(
      ([specifier]) => !allowed.test(specifier) && !(isConfig && allowedByConfig.test(specifier)) && !(isLambda && allowedByLambda.test(specifier)),
    );
    assert.equal(foreign, [], `runtime-specific imports in the shared core: ${foreign.map(([s, f]) => `${s} (from ${f})`).join(', ')}`);
    // class-validator is imported only when a DTO needs it (see runtime/core/src/validation/body-validator.ts).
    assert.not.ok(reached.has('class-validator'), `${relative(root, entry)} imports class-validator statically`);
  }
  const bundle = filesUnder(join(root, 'runtime/core/dist/bundle')).map((file) => readFileSync(file, 'utf8')).join('\n');
  assert.match(bundle, /import\("\.\/(chunks\/)?node-listener-\w+\.js"\)/);
  assert.match(bundle, /import\("\.\/(chunks\/)?deno-listener-\w+\.js"\)/);
  assert.match(bundle, /import\("pino"\)/);
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
