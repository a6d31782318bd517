import { build } from '@framework/compiler';
import { fileURLToPath } from 'node:url';

/**
 * Compiles a fixture app with framework-build (the real compiler, as users run it) into its
 * `generated/` folder and returns the generated module.
 */
export async function compileFixture<T>(fixtureDir: URL, root = 'AppModule', out = 'generated'): Promise<T> {
  const srcDir = fileURLToPath(new URL('src', fixtureDir));
  const outDir = fileURLToPath(new URL(out, fixtureDir));
  const result = await build({ srcDir, outDir, root, write: true });
  if (!result.ok) {
    throw new Error(`framework-build failed on ${srcDir}:\n${result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n')}`);
  }
  return (await import(new URL(`${out}/tables.ts`, fixtureDir).href)) as T;
}
