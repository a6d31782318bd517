import { ts, type ClassDeclaration, type Node } from 'ts-morph';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { DiagnosticCode } from '../diagnostics/catalogue.js';
import type { ClassIR, SourceLocation } from '../ir/index.js';
import { isUnder, toPosix } from '../files/file-paths.js';
import { unresolvedImportOf } from './unresolved-import.js';

/** The key that identifies a declaration across the program: `<file>#<name>`. */
export const declarationKey = (file: string, name: string): string => `${toPosix(file)}#${name}`;

/**
 * State shared by the discover pass: diagnostics found while reading syntax, the classes discovered
 * so far, and a queue of classes named somewhere (modules, chain decorators) still to discover.
 */
export class DiscoverContext {
  readonly diagnostics: Diagnostic[] = [];
  readonly classes = new Map<string, ClassIR>();
  /** Classes named somewhere, with the identifier that named them (to import package classes the same way). */
  readonly pending: { readonly cls: ClassDeclaration; readonly usage?: Node }[] = [];
  /** Nodes carrying a decorator FW1016 reported (by compiler node): a later "no decorator" diagnostic would repeat it. */
  readonly unreadDecorated = new Set<ts.Node>();
  private readonly queued = new Set<string>();

  constructor(readonly srcDir: string) {}

  /** Where `node` starts (excluding leading trivia), with its length. */
  location(node: Node): SourceLocation {
    const sf = node.getSourceFile();
    const start = node.getStart();
    // TypeScript's line map of the file (built once, then a binary search): ts-morph's
    // getLineAndColumnAtPos scans the text from its start on every call, which made a build of a
    // file with thousands of routes quadratic. The map also counts a lone CR as a line end, as editors do.
    const { line, character } = ts.getLineAndCharacterOfPosition(sf.compilerNode, start);
    return { file: toPosix(sf.getFilePath()), line: line + 1, column: character + 1, length: node.getEnd() - start };
  }

  report(code: DiagnosticCode, node: Node, args: Record<string, string> = {}): void {
    this.diagnostics.push(diagnostic(code, this.location(node), args));
  }

  inSources(node: Node): boolean {
    const file = toPosix(node.getSourceFile().getFilePath());
    return isUnder(file, this.srcDir) && !file.includes('/node_modules/');
  }

  /** Schedules a class for discovery once; returns its key. */
  enqueue(cls: ClassDeclaration, key: string, usage?: Node): string {
    if (!this.queued.has(key)) {
      this.queued.add(key);
      this.pending.push({ cls, usage });
    }
    return key;
  }
}

/** Reports FW1004 at `node`; returns undefined so callers can `return notStatic(…)`. */
export function notStatic(ctx: DiscoverContext, node: Node, what: string, expected: string): undefined {
  const from = unresolvedImportOf(node);
  ctx.report('FW1004', node, { what, expected, text: oneLine(node.getText()), ...(from !== undefined ? { cause: 'import', from } : {}) });
  return undefined;
}

/** Source text on one line, cut at 60 characters, for messages. */
export const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
};
