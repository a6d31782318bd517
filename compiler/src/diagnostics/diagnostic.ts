import type { SourceLocation } from '../ir/index.js';
import { catalogue, type DiagnosticCode, type Severity } from './catalogue.js';

/**
 * One problem found in the user's sources. `file` is absolute; printers make it relative.
 *
 * @example
 * { code: 'FW1202', severity: 'error', file: '/app/src/todo.controller.ts', line: 12, column: 3, length: 9,
 *   message: "@Param('x') of TodoController.findOne has no ':x' in its route path '/todo/:id'.", hint: '…' }
 */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly length: number;
  readonly message: string;
  readonly hint: string;
}

/**
 * Builds a diagnostic from the catalogue entry of `code`. `severity` overrides the catalogue's where
 * an option allows it (`--allow-unbound-rpc` turns FW1406 into a warning).
 *
 * @example
 * diagnostic('FW1006', param.location, { param: 'name', owner: 'Greeter', type: 'string', reason: 'a primitive type' });
 */
export function diagnostic(code: DiagnosticCode, at: SourceLocation, args: Record<string, string> = {}, severity?: Severity): Diagnostic {
  const entry = catalogue[code];
  return {
    code,
    severity: severity ?? entry.severity,
    file: at.file,
    line: at.line,
    column: at.column,
    length: at.length,
    message: entry.message(args),
    hint: entry.hint(args),
  };
}

/** Stable order for output: by file, position, then code. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}

export const hasErrors = (list: readonly Diagnostic[]): boolean => list.some((d) => d.severity === 'error');
