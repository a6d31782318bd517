import path from 'node:path';
import { Node, type SourceFile } from 'ts-morph';
import { isUnder, toPosix } from '../files/file-paths.js';
import type { DiscoverContext } from './context.js';
import { packageRootOf } from './packages.js';

/**
 * Whether generated code imports from `sf` as from a package (by its module specifier) rather than
 * by a relative path: files under node_modules, and declaration files of another package (a
 * workspace package's `dist/*.d.ts`). A `.d.ts` of the application itself (protobufjs output in
 * `src/gen/`, beside its `.js`) is one of the user's files.
 *
 * @example
 * isPackageFile(ctx, project.getSourceFileOrThrow('/r/runtime/core/dist/index.d.ts')) // true
 * isPackageFile(ctx, project.getSourceFileOrThrow('/r/app/src/gen/todo.d.ts')) // false
 */
export function isPackageFile(ctx: DiscoverContext, sf: SourceFile): boolean {
  const file = toPosix(sf.getFilePath());
  if (file.includes('/node_modules/')) return true;
  if (!sf.isDeclarationFile() || isUnder(file, ctx.srcDir)) return false;
  return packageRootOf(file) !== packageRootOf(path.posix.join(ctx.srcDir, 'index.ts'));
}

/**
 * The module name of the `declare module 'name' { … }` block a declaration sits in, if any: such
 * a declaration is imported from that name, wherever the block is written.
 *
 * @example
 * ambientModuleOf(classInDeclareModuleLegacy) // 'legacy-lib'
 */
export function ambientModuleOf(declaration: Node): string | undefined {
  const block = declaration.getFirstAncestor((a) => Node.isModuleDeclaration(a) && Node.isStringLiteral(a.getNameNode()));
  return Node.isModuleDeclaration(block) ? block.getName().slice(1, -1) : undefined;
}

/**
 * The namespace a declaration is a member of (`Ns` for `export namespace Ns { export class Svc {} }`,
 * `A.B` when nested), if any: it is reached as `Ns.Svc`, so no import names it and generated code
 * cannot import it. A `declare module 'name'` block is not a namespace (see {@link ambientModuleOf}).
 *
 * @example
 * namespaceOf(mailerClass) // 'Services'
 */
export function namespaceOf(declaration: Node): string | undefined {
  const names: string[] = [];
  for (let node = declaration.getParent(); node; node = node.getParent()) {
    if (!Node.isModuleDeclaration(node)) continue;
    const name = node.getNameNode();
    if (Node.isStringLiteral(name)) break;
    // Not `getName()`: for `namespace A.B {}` the outer declaration's is `A.B` already.
    names.unshift(name.getText());
  }
  return names.length > 0 ? names.join('.') : undefined;
}

// Per build (context) and file: declaration node → the names the file exports it under. A watch
// rebuild gets a new context, so edited files are read afresh.
const exportsByContext = new WeakMap<DiscoverContext, Map<SourceFile, Map<object, string[]>>>();

/**
 * The name the declaring file exports a declaration under, read from the file's exports (so
 * `class Foo {}` + `export { Foo as Bar }` gives `Bar`, `export default Foo` gives `default`):
 * the declared name when it is one of them, else the first other name, `default` last. Undefined
 * when the file does not export it (not exported, or a namespace member).
 *
 * @example
 * fileExportName(ctx, fooClass, 'Foo') // 'Bar'
 */
export function fileExportName(ctx: DiscoverContext, declaration: Node, declaredName: string): string | undefined {
  const names = exportsOf(ctx, declaration.getSourceFile()).get(declaration.compilerNode) ?? [];
  if (names.includes(declaredName)) return declaredName;
  return names.find((n) => n !== 'default') ?? names[0];
}

function exportsOf(ctx: DiscoverContext, sf: SourceFile): Map<object, string[]> {
  let files = exportsByContext.get(ctx);
  if (!files) exportsByContext.set(ctx, (files = new Map()));
  let names = files.get(sf);
  if (names) return names;
  names = new Map();
  // Sorted, so that the choice among several export names does not depend on declaration order.
  for (const [name, declarations] of [...sf.getExportedDeclarations()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const d of declarations) names.set(d.compilerNode, [...(names.get(d.compilerNode) ?? []), name]);
  }
  files.set(sf, names);
  return names;
}
