import path from 'node:path';
import { ts, type Project } from 'ts-morph';

/** The part of ts-morph's document registry (`@ts-morph/common`) through which a project parses every file. */
interface DocumentRegistry {
  createOrUpdateSourceFile(fileName: string, settings: ts.CompilerOptions, snapshot: ts.IScriptSnapshot, scriptKind?: ts.ScriptKind): ts.SourceFile;
  acquireDocument(fileName: string, settings: ts.CompilerOptions, snapshot: ts.IScriptSnapshot, version: string, scriptKind?: ts.ScriptKind): ts.SourceFile;
  removeSourceFile(fileName: string): void;
}

/** Whether a file is a declaration file (`.d.ts`, `.d.mts`, `.d.cts`, `.d.<ext>.ts`). */
export const isDeclarationFile = (fileName: string): boolean => /\.d(\.[^/.]+)?\.[cm]?ts$/.test(fileName);

/**
 * Whether a declaration file's doc comments can reach nothing the compiler writes: the standard
 * library and the `@types/*` packages (`@types/node` alone is most of a small app's JSDoc). Those
 * of other packages can: a handler's result type, a DTO base class or a base controller declared
 * in a package carry their descriptions and `@throws` tags into the OpenAPI document.
 */
export const isAmbientTypesFile = (fileName: string): boolean => /\/node_modules\/(@types|typescript\/lib)\//.test(fileName) && isDeclarationFile(fileName);

/**
 * Makes `project` parse declaration files (the lib files, `@types/node`, every package's `.d.ts`)
 * as `tsc` does, which on a small app is most of what a build parses:
 *
 * - without a pass that links every node to its parent: the binder links them when the type
 *   checker is made, and the compiler looks at a `.d.ts` node only through the checker (a
 *   decorator resolved to its declaration, a result type's properties);
 * - the JSDoc of the standard library and of `@types/*` only where type errors need it
 *   (`JSDocParsingMode.ParseForTypeErrors`; see isAmbientTypesFile): the compiler never reads it.
 *
 * The app's own sources are parsed as ts-morph parses them. ts-morph has no option for either: its
 * document registry, through which it parses every file, hands declaration files to the parse made
 * here. Returns false (and changes nothing) when this ts-morph has no such registry.
 *
 * @example
 * const project = new Project({ tsConfigFilePath: 'tsconfig.json' });
 * parseDeclarationFilesAsTsc(project); // before the first program
 */
export function parseDeclarationFilesAsTsc(project: Project): boolean {
  // Not in ts-morph's public types: checked here, and by test/compiler/declaration-files.test.ts.
  const registry = (project as unknown as { _context?: { compilerFactory?: { documentRegistry?: DocumentRegistry } } })._context?.compilerFactory?.documentRegistry;
  if (!registry || !['createOrUpdateSourceFile', 'acquireDocument', 'removeSourceFile'].every((name) => typeof registry[name as keyof DocumentRegistry] === 'function')) {
    return false;
  }
  const declarations = new Map<string, ts.SourceFile>();
  const parse = (fileName: string, settings: ts.CompilerOptions, snapshot: ts.IScriptSnapshot, version: string, scriptKind?: ts.ScriptKind): ts.SourceFile => {
    const jsDocParsingMode = isAmbientTypesFile(fileName) ? ts.JSDocParsingMode.ParseForTypeErrors : ts.JSDocParsingMode.ParseAll;
    const options = { languageVersion: settings.target ?? ts.ScriptTarget.Latest, jsDocParsingMode };
    const file = ts.createLanguageServiceSourceFile(fileName, snapshot, options, version, /* setNodeParents */ false, scriptKind);
    declarations.set(fileName, file);
    return file;
  };
  // As the registry keys its own files: absolute, forward slashes.
  const key = (fileName: string): string => path.posix.resolve(fileName.replaceAll('\\', '/'));
  const versionAfter = (file: ts.SourceFile | undefined): string => (file ? String((Number.parseInt((file as { version?: string }).version ?? '0', 10) || 0) + 1) : '0');

  const createOrUpdate = registry.createOrUpdateSourceFile.bind(registry);
  const acquire = registry.acquireDocument.bind(registry);
  const remove = registry.removeSourceFile.bind(registry);
  registry.createOrUpdateSourceFile = (fileName, settings, snapshot, scriptKind) =>
    isDeclarationFile(fileName) ? parse(fileName, settings, snapshot, versionAfter(declarations.get(fileName)), scriptKind) : createOrUpdate(fileName, settings, snapshot, scriptKind);
  registry.acquireDocument = (fileName, settings, snapshot, version, scriptKind) => {
    if (!isDeclarationFile(fileName)) return acquire(fileName, settings, snapshot, version, scriptKind);
    const known = declarations.get(key(fileName));
    return known && (known as { version?: string }).version === version ? known : parse(key(fileName), settings, snapshot, version, scriptKind);
  };
  registry.removeSourceFile = (fileName) => {
    declarations.delete(fileName);
    remove(fileName);
  };
  return true;
}
