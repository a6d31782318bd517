// A startup snapshot is taken after the bundle's modules have run, before the app starts: the
// entry's own statements (read the configuration, `init`, `listen`) must run when the process
// starts, not when the snapshot is built, or the blob would carry the build machine's environment
// (its secrets among it) and a server that no longer listens. So the entry is rewritten: its
// imports stay at the top, where they run while the snapshot is built; every other statement moves
// into one exported async function, which the snapshot's main function calls.
import { ts } from 'ts-morph';

/** The name of the function the rewritten entry exports. */
export const SNAPSHOT_MAIN = '__frameworkSnapshotMain';

/**
 * The entry's source with its statements moved into `export async function __frameworkSnapshotMain()`,
 * its imports (and type declarations) left at the top. A top-level `await` stays valid inside it.
 *
 * @example
 * snapshotEntrySource("import { start } from './app.js';\nawait start();\n", 'main.ts')
 * // "import { start } from './app.js';\nexport async function __frameworkSnapshotMain() {\nawait start();\n}\n"
 * @throws {Error} naming the line and `option` when the entry exports something (a handler module is not started this way)
 */
export function snapshotEntrySource(text: string, fileName: string, option = '--snapshot'): string {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKindOf(fileName));
  const top: string[] = [];
  const body: string[] = [];
  for (const statement of source.statements) {
    if (exports(statement)) {
      const { line } = source.getLineAndCharacterOfPosition(statement.getStart(source));
      throw new Error(
        `${fileName}:${line + 1}: ${option} bundles an entry that starts the app, and this one exports a value; ` +
          `it runs no handler module (for Lambda or a Worker, bundle without ${option}).`,
      );
    }
    (staysAtTop(statement) ? top : body).push(text.slice(statement.getFullStart(), statement.getEnd()));
  }
  return `${top.join('')}\nexport async function ${SNAPSHOT_MAIN}() {${body.join('')}\n}\n`;
}

function staysAtTop(statement: ts.Statement): boolean {
  return (
    ts.isImportDeclaration(statement) ||
    ts.isImportEqualsDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    (ts.isModuleDeclaration(statement) && (statement.flags & ts.NodeFlags.GlobalAugmentation) !== 0)
  );
}

function exports(statement: ts.Statement): boolean {
  if (ts.isExportDeclaration(statement)) return !statement.isTypeOnly;
  if (ts.isExportAssignment(statement)) return true;
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return false;
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function scriptKindOf(fileName: string): ts.ScriptKind {
  if (/\.[cm]?tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.[cm]?ts$/.test(fileName)) return ts.ScriptKind.TS;
  return ts.ScriptKind.JS;
}
