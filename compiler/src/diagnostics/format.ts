import { displayPath } from '../files/file-paths.js';
import type { Diagnostic } from './diagnostic.js';

/** Reads a file's text for code frames; undefined when unavailable. */
export type SourceReader = (file: string) => string | undefined;

/**
 * Formats one diagnostic like tsc: a `file:line:col - error CODE: message` header, a code frame with
 * the line and a caret under the span, and the hint.
 *
 * @example
 * formatDiagnostic(d, process.cwd(), (f) => fs.readFileSync(f, 'utf8'));
 * // src/todo/todo.controller.ts:12:3 - error FW1202: @Param('x') of …
 * //
 * // 12   @Get('/:id') findOne(@Param('x') id: string) {}
 * //                                ^^^^^^^^^^^
 * //
 * //   hint: the path declares ':id'; use one of them, or add '/:x' to the path.
 */
export function formatDiagnostic(d: Diagnostic, cwd: string, read: SourceReader): string {
  const where = d.line > 0 ? `${displayPath(d.file, cwd)}:${d.line}:${d.column}` : displayPath(d.file, cwd);
  const lines = [`${where} - ${d.severity} ${d.code}: ${d.message}`];
  const frame = d.line > 0 ? codeFrame(read(d.file), d.line, d.column, d.length) : undefined;
  if (frame) lines.push('', ...frame);
  lines.push('', `  hint: ${d.hint}`, '');
  return lines.join('\n');
}

function codeFrame(text: string | undefined, line: number, column: number, length: number): string[] | undefined {
  const source = text?.split(/\r?\n/)[line - 1];
  if (source === undefined) return undefined;
  const gutter = String(line);
  // The caret covers the span but stops at the end of the line for multi-line nodes.
  const width = Math.max(1, Math.min(length, source.length - (column - 1)));
  return [`${gutter}   ${source}`, `${' '.repeat(gutter.length + 3 + column - 1)}${'^'.repeat(width)}`];
}

/** `Found 2 errors and 1 warning.` */
export function summary(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const parts = [plural(errors, 'error')];
  if (warnings > 0) parts.push(plural(warnings, 'warning'));
  return `Found ${parts.join(' and ')}.`;
}

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The machine-readable form printed by `--json`. */
export interface JsonDiagnostic {
  readonly code: string;
  readonly severity: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
  readonly hint: string;
}

/**
 * `{ diagnostics: [...] }` with paths relative to `cwd`.
 *
 * @example
 * JSON.stringify(toJson(result.diagnostics, process.cwd()), null, 2);
 */
export function toJson(diagnostics: readonly Diagnostic[], cwd: string): { diagnostics: JsonDiagnostic[] } {
  return {
    diagnostics: diagnostics.map((d) => ({
      code: d.code,
      severity: d.severity,
      file: displayPath(d.file, cwd),
      line: d.line,
      column: d.column,
      message: d.message,
      hint: d.hint,
    })),
  };
}
