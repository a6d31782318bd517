import fs from 'node:fs';
import type { BuildResult } from '../builder/build-options.js';
import type { OutputOutcome } from '../builder/output.js';
import { formatDiagnostic, plural, summary, toJson } from '../diagnostics/format.js';
import { displayPath } from '../files/file-paths.js';
import { explainScope, formatScope } from './explain.js';
import { explainValidation, formatValidation } from './explain-validation.js';

export interface ReportOptions {
  readonly cwd: string;
  readonly json: boolean;
  /** Wall time to print, measured by the caller (project loading included). */
  readonly ms: number;
  /** Also explain which providers are request-scoped and why (`--explain`). */
  readonly explain?: boolean;
  readonly write: (text: string) => void;
}

const readSource = (file: string): string | undefined => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);

/**
 * Prints a build's outcome: its diagnostics, then what happened to the output (`output`, from
 * `settleOutput`: the files written, or the stale ones with `--check`). Only prints; returns the
 * process exit code: 1 on any error or stale output.
 *
 * @example
 * process.exitCode = report(result, settleOutput(result.files, false), { cwd, json: false, ms: 812, write: (t) => process.stdout.write(t) });
 */
export function report(result: BuildResult, output: OutputOutcome, options: ReportOptions): number {
  const { cwd, write } = options;
  const stale = output.check ? output.stale : [];
  if (options.json) {
    const scope = options.explain && result.model ? { requestScope: explainScope(result.model), validation: explainValidation(result.model) } : {};
    write(`${JSON.stringify({ ...toJson(result.diagnostics, cwd), ...scope }, null, 2)}\n`);
    return !result.ok || stale.length > 0 ? 1 : 0;
  }
  for (const d of result.diagnostics) write(`${formatDiagnostic(d, cwd, readSource)}\n`);
  if (options.explain && result.model) write(formatScope(result.model) + formatValidation(result.model));
  if (!result.ok) {
    write(`${summary(result.diagnostics)}\n`);
    return 1;
  }
  const out = displayPath(result.outDir, cwd);
  const warnings = result.diagnostics.length > 0 ? ` with ${plural(result.diagnostics.length, 'warning')}` : '';
  const rpcs = result.stats.rpcs > 0 ? `${plural(result.stats.rpcs, 'gRPC method')}, ` : '';
  const what = `${plural(result.stats.routes, 'route')}, ${rpcs}${plural(result.stats.providers, 'provider')} and ${plural(result.stats.modules, 'module')}`;
  if (output.check) {
    for (const file of stale) {
      write(`${displayPath(file.path, cwd)} is ${file.reason === 'missing' ? 'missing' : 'stale: it differs from what framework-build would emit'}.\n`);
    }
    if (stale.length > 0) {
      write(`Run \`${result.command}\` to update ${stale.length === 1 ? 'it' : 'them'}.\n`);
      return 1;
    }
    write(`${out} is up to date (${what})${warnings}.\n`);
    return 0;
  }
  write(`Built ${what} into ${out} in ${options.ms} ms${warnings}.\n`);
  return 0;
}
