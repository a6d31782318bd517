import { ts, type Project, type SourceFile } from 'ts-morph';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { relativeFile } from '../diagnostics/location.js';
import { toPosix } from '../files/file-paths.js';
import { unclosedBrace } from './unclosed-brace.js';

/**
 * FW1014: the first syntax error of each source file, at its line, as tsc reports it; or, when
 * the braces show a `{` left open before that line (`unclosed-brace.ts`), at that `{`. A file that
 * does not parse is read by the later passes as far as it goes, so without this the build could
 * succeed around it (and `dev` restart an app that tsc then refuses). The parser's diagnostics
 * only: no type checking, so it costs nothing measurable.
 *
 * @example
 * syntaxErrors(project, files, '/app/src') // [{ code: 'FW1014', line: 12, column: 5, message: "todo.controller.ts does not parse: ';' expected." … }]
 */
export function syntaxErrors(project: Project, files: readonly SourceFile[], srcDir: string): Diagnostic[] {
  const program = project.getProgram();
  return files.flatMap((sf) => {
    // The parser recovers and goes on, and what follows the first mistake is often its echo: report the cause.
    const first = program.getSyntacticDiagnostics(sf)[0];
    if (!first) return [];
    const { line, column } = sf.getLineAndColumnAtPos(first.getStart() ?? 0);
    const file = toPosix(sf.getFilePath());
    const error = ts.flattenDiagnosticMessageText(first.compilerObject.messageText, ' ');
    // A `{` left open makes the parser read on and complain where it gives up, often lines later.
    const brace = unclosedBrace(sf.getFullText());
    const at = brace === undefined ? undefined : sf.getLineAndColumnAtPos(brace);
    if (at && at.line < line) {
      const args = { file: relativeFile(srcDir, file), error: `this '{' is never closed; the parser reads on to line ${line} and stops there: ${error}`, later: String(line) };
      return [diagnostic('FW1014', { file, line: at.line, column: at.column, length: 1 }, args)];
    }
    return [diagnostic('FW1014', { file, line, column, length: Math.max(1, first.getLength() ?? 1) }, { file: relativeFile(srcDir, file), error })];
  });
}
