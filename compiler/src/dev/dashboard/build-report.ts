/**
 * `GET /api/build` of the dev dashboard: the last build's diagnostics (framework-build's, with a
 * code frame) and the last type check's errors, and whether the app serves the last good build.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BuildResult } from '../../builder/build-options.js';
import { modulesCatalogue } from '../../diagnostics/catalogue/modules.js';
import { wiringCatalogue } from '../../diagnostics/catalogue/wiring.js';
import type { JsonDiagnostic } from '../../diagnostics/format.js';

/** A diagnostic as `--json` prints it (`file` relative to the loop's working directory), with what the page shows beside it. */
export interface BuildDiagnostic extends JsonDiagnostic {
  /** The source line and the one before it, with a caret line under the span. */
  readonly frame?: string;
  /** A module or wiring diagnostic (a provider that does not resolve, a layer that never runs): the Graph view's "why". */
  readonly wiring?: true;
}

// The codes of the module graph and of the wiring of layers, from their catalogues.
const WIRING = new Set<string>([...Object.keys(modulesCatalogue), ...Object.keys(wiringCatalogue)]);

export interface BuildReport {
  /** Counts up with every build the loop ran. */
  readonly sequence: number;
  /** When the build finished (ISO time). */
  readonly at: string;
  readonly ok: boolean;
  readonly ms: number;
  readonly stats: BuildResult['stats'];
  readonly diagnostics: readonly BuildDiagnostic[];
  /** The type check after the build (with errors or not): its error count and tsc's text (absent when not checked). */
  readonly typeCheck?: { readonly errors: number; readonly ms: number; readonly text: string };
  /** Whether the model in `/api/routes` is this build's (false: the last clean build's, the one the app runs). */
  readonly modelCurrent: boolean;
}

/**
 * The report of one build for the dashboard.
 *
 * @example
 * buildReport(result, 3, { errors: 1, ms: 120, text: 'src/x.ts:4:5 - error TS2322: …' }, cwd)
 */
export function buildReport(result: BuildResult, sequence: number, typeCheck: BuildReport['typeCheck'] | undefined, cwd: string): BuildReport {
  const diagnostics = result.diagnostics.map((d): BuildDiagnostic => {
    const frame = d.line > 0 ? frameOf(d.file, d.line, d.column, d.length) : undefined;
    return { code: d.code, severity: d.severity, file: path.relative(cwd, d.file).split(path.sep).join('/'), line: d.line, column: d.column, message: d.message, hint: d.hint, ...(frame ? { frame } : {}), ...(WIRING.has(d.code) ? { wiring: true as const } : {}) };
  });
  return {
    sequence,
    at: new Date().toISOString(),
    ok: result.ok && (typeCheck?.errors ?? 0) === 0,
    ms: result.stats.ms,
    stats: result.stats,
    diagnostics,
    // Colours are for terminals; the page shows the text as it is.
    ...(typeCheck ? { typeCheck: { ...typeCheck, text: typeCheck.text.replace(/\x1b\[[0-9;]*m/g, '') } } : {}),
    modelCurrent: result.ok && result.model !== undefined,
  };
}

function frameOf(file: string, line: number, column: number, length: number): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const lines = text.split(/\r?\n/);
  const shown = lines[line - 1];
  if (shown === undefined) return undefined;
  const number = String(line);
  const before = line > 1 ? `${String(line - 1).padStart(number.length)} | ${lines[line - 2]}\n` : '';
  return `${before}${number} | ${shown}\n${' '.repeat(number.length)} | ${' '.repeat(Math.max(0, column - 1))}${'^'.repeat(Math.max(1, length))}`;
}
