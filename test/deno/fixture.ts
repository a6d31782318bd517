// Builds the fixture app of the Deno suites the way an application is built: framework-build
// writes its tables, tsc compiles it, and the .proto is copied beside the compiled module that
// loads it. The output is plain JavaScript that Node and Deno both run.
import { build } from '@framework/compiler';
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const fixture = new URL('./fixtures/app/', import.meta.url);
const compiled = new URL('../.tmp/deno-app/dist/test/deno/fixtures/app/', import.meta.url);

export interface BuiltFixture {
  /** The compiled entry point. */
  readonly main: string;
  /** The compiled module's copy of the schema: the one file the app reads. */
  readonly proto: string;
  /** The generated tables, for the check that they import nothing runtime-specific. */
  readonly tables: string;
}

/**
 * Compiles the fixture app into test/.tmp/deno-app (a few seconds).
 *
 * @example
 * const { main, proto } = await buildFixture();
 * const server = await launch(deno, [...denoRunFlags([proto]), main]);
 */
export async function buildFixture(): Promise<BuiltFixture> {
  const result = await build({ srcDir: fileURLToPath(new URL('src', fixture)), outDir: fileURLToPath(new URL('generated', fixture)), write: true });
  if (!result.ok) throw new Error(`framework-build failed on the fixture:\n${result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n')}`);
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const compile = spawnSync(process.execPath, [tsc, '-p', fileURLToPath(fixture)], { encoding: 'utf8' });
  if (compile.status !== 0) throw new Error(`tsc failed on the fixture:\n${compile.stdout}${compile.stderr}`);
  const proto = fileURLToPath(new URL('src/items.proto', compiled));
  copyFileSync(fileURLToPath(new URL('src/items.proto', fixture)), proto);
  return {
    main: fileURLToPath(new URL('src/main.js', compiled)),
    proto,
    tables: fileURLToPath(new URL('generated/tables.ts', fixture)),
  };
}
