import { Node, type ClassDeclaration } from 'ts-morph';
import type { ClassUse, TokenIR, ValueRef } from '../ir/index.js';
import { toPosix } from '../files/file-paths.js';
import { declarationKey, type DiscoverContext } from './context.js';
import { ambientModuleOf, fileExportName, isPackageFile, namespaceOf } from './origin.js';
import { isFrameworkFile, packageSpecifierOf } from './packages.js';
import { resolveName } from './symbols.js';
import { literalOf } from './static-value.js';

/**
 * How generated code imports a declaration: from its file, under the name that file exports it
 * with, when it is one of the user's files; from the package the user imported it from when it
 * lives in a package (node_modules, another package's `.d.ts`, a `declare module 'x'` block). The
 * key and `name` are the declared name, whatever name the usage imported it under.
 *
 * @example
 * valueRef(ctx, classDecl, 'TodoService', typeReferenceName) // { key: '/r/src/todo.service.ts#TodoService', from: { kind: 'file', … } }
 */
export function valueRef(ctx: DiscoverContext, declaration: Node, name: string, usage?: Node): ValueRef {
  const sf = declaration.getSourceFile();
  const file = toPosix(sf.getFilePath());
  const nameNode = Node.hasName(declaration) ? declaration.getNameNode() : declaration;
  // A default import's symbol is called `default`: identity and messages use the declared name.
  const declared = Node.hasName(declaration) && Node.isIdentifier(nameNode) ? nameNode.getText() : name;
  const namespace = namespaceOf(declaration);
  const base = {
    key: declarationKey(file, declared),
    name: declared,
    location: ctx.location(nameNode),
    ...(needsTypeArguments(declaration) ? { generic: true as const } : {}),
    ...(namespace ? { namespace } : {}),
  };
  const ambient = ambientModuleOf(declaration);
  if (ambient !== undefined || isPackageFile(ctx, sf)) {
    const imported = usage ? importedFrom(usage) : undefined;
    const specifier = imported?.specifier ?? ambient ?? packageSpecifierOf(file) ?? file;
    // Imported by name, it is importable (`export = Ns` typings export their namespace's members);
    // reached only as `Ns.Svc`, it is not.
    const exported = imported !== undefined || namespace === undefined;
    return { ...base, exportName: imported?.exportName ?? declared, from: { kind: 'package', specifier }, exported };
  }
  const exportName = fileExportName(ctx, declaration, declared);
  return { ...base, exportName: exportName ?? declared, from: { kind: 'file', file }, exported: exportName !== undefined };
}

/** A class with a type parameter without default (see `ValueRef.generic`). */
const needsTypeArguments = (declaration: Node): boolean =>
  Node.isClassDeclaration(declaration) && declaration.getTypeParameters().some((t) => t.getDefault() === undefined);

/** The bare module specifier and exported name an identifier was imported with, if any. */
function importedFrom(usage: Node): { specifier: string; exportName: string } | undefined {
  let id = usage;
  let member: string | undefined;
  if (Node.isPropertyAccessExpression(usage)) {
    id = usage.getExpression();
    member = usage.getName();
  } else if (Node.isQualifiedName(usage)) {
    id = usage.getLeft();
    member = usage.getRight().getText();
  }
  const local = id.getSymbol()?.getDeclarations()[0];
  let specifier: string | undefined;
  let exportName: string | undefined;
  // `Ns.Svc` on a named or default import is a namespace member: no import names it.
  if (Node.isImportSpecifier(local) && !member) {
    specifier = local.getImportDeclaration().getModuleSpecifierValue();
    exportName = local.getName();
  } else if (Node.isImportClause(local) && !member) {
    const parent = local.getParent();
    specifier = Node.isImportDeclaration(parent) ? parent.getModuleSpecifierValue() : undefined;
    exportName = 'default';
  } else if (Node.isNamespaceImport(local) && member) {
    const declaration = local.getParentOrThrow().getParent();
    specifier = Node.isImportDeclaration(declaration) ? declaration.getModuleSpecifierValue() : undefined;
    exportName = member;
  }
  if (!specifier || !exportName || specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  return { specifier, exportName };
}

/**
 * A DI token as written in `{ token }` or `@Inject(token)`: a string, a class, an importable const,
 * `GLOBAL_GUARD`, `GLOBAL_INTERCEPTOR`, or (anything else) an opaque token identified by its declaration or position.
 *
 * @example
 * tokenOf(ctx, injectArg) // { kind: 'string', value: 'CONFIG' }
 */
export function tokenOf(ctx: DiscoverContext, expr: Node): TokenIR {
  const literal = literalOf(expr);
  if (typeof literal === 'string') return { kind: 'string', value: literal };
  if (Node.isIdentifier(expr) || Node.isPropertyAccessExpression(expr)) {
    const resolved = resolveName(expr);
    if (resolved) {
      const { declaration, name, file } = resolved;
      if (name === 'GLOBAL_GUARD' && isFrameworkFile(file)) return { kind: 'global-guard' };
      if (name === 'GLOBAL_INTERCEPTOR' && isFrameworkFile(file)) return { kind: 'global-interceptor' };
      if (Node.isClassDeclaration(declaration)) return { kind: 'class', ref: valueRef(ctx, declaration, name, expr) };
      if (Node.isVariableDeclaration(declaration)) {
        const ref = valueRef(ctx, declaration, name, expr);
        if (ref.exported) return { kind: 'const', ref };
        return { kind: 'opaque', key: ref.key, text: expr.getText() };
      }
    }
  }
  const here = ctx.location(expr);
  return { kind: 'opaque', key: `${here.file}:${here.line}:${here.column}`, text: expr.getText() };
}

/** The name a class is known by (`default` for an anonymous default export). */
export const className = (cls: ClassDeclaration): string => cls.getName() ?? 'default';

/**
 * A class named in a module list or a chain decorator: schedules it for discovery and records where it
 * was named. Undefined when the expression is not a class name.
 *
 * @example
 * classUse(ctx, controllersArray[0]) // { key: '/r/src/todo/todo.controller.ts#TodoController', location }
 */
export function classUse(ctx: DiscoverContext, expr: Node): ClassUse | undefined {
  const inner = Node.isParenthesizedExpression(expr) ? expr.getExpression() : expr;
  if (!Node.isIdentifier(inner) && !Node.isPropertyAccessExpression(inner)) return undefined;
  const declaration = resolveName(inner)?.declaration;
  if (!Node.isClassDeclaration(declaration)) return undefined;
  const key = declarationKey(declaration.getSourceFile().getFilePath(), className(declaration));
  ctx.enqueue(declaration, key, inner);
  return { key, location: ctx.location(expr) };
}

/**
 * The class a type annotation names (`TodoService`, `ns.TodoService`), when it is a plain class reference.
 *
 * @example
 * classOfType(ctx, param.getTypeNode()) // ValueRef of TodoService
 */
export function classOfType(ctx: DiscoverContext, typeNode: Node | undefined): { ref: ValueRef; declaration: ClassDeclaration } | undefined {
  if (!Node.isTypeReference(typeNode) || typeNode.getTypeArguments().length > 0) return undefined;
  const nameNode = typeNode.getTypeName();
  const declaration = resolveName(nameNode)?.declaration;
  if (!Node.isClassDeclaration(declaration)) return undefined;
  return { ref: valueRef(ctx, declaration, className(declaration), nameNode), declaration };
}
