import fs from 'node:fs';
import { formatDiagnostic, summary } from '../diagnostics/format.js';
import { displayPath } from '../files/file-paths.js';
import { bundleApp, BundleRefused, type BundleOptions } from './bundle.js';

/**
 * `framework-build bundle`: writes the bundle and says where, how large, and which schema files it
 * carries; a failure is one message on stderr. Returns the exit code.
 *
 * @example
 * process.exitCode = await runBundle({ entry: 'src/main.ts', outDir: 'dist/bundle', cwd: process.cwd() });
 */
export async function runBundle(options: BundleOptions & { readonly cwd: string }): Promise<number> {
  const started = performance.now();
  try {
    const result = await bundleApp(options);
    const carried = result.protos.length > 0 ? `, carrying ${result.protos.join(', ')}` : '';
    const size = `${(result.bytes / 1024 / 1024).toFixed(2)} MiB`;
    const chunks = result.chunks > 0 ? `, with ${result.chunks} chunks loaded on demand` : '';
    process.stdout.write(`Bundled ${displayPath(result.file, options.cwd)} (${size}${chunks}${carried}) in ${Math.round(performance.now() - started)} ms.\n`);
    return 0;
  } catch (error) {
    if (error instanceof BundleRefused) {
      const read = (file: string): string | undefined => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
      process.stderr.write(error.diagnostics.map((d) => formatDiagnostic(d, options.cwd, read)).join('\n') + `\n${summary(error.diagnostics)}\n`);
      return 1;
    }
    process.stderr.write(`framework-build bundle: ${messageOf(error)}\n`);
    return 1;
  }
}

/** esbuild's failures list each error with its file and line; others are one message. */
function messageOf(error: unknown): string {
  const errors = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map((e) => (e.location ? `${e.location.file}:${e.location.line}:${e.location.column + 1} - ${e.text}` : e.text)).join('\n');
  }
  return error instanceof Error ? error.message : String(error);
}
