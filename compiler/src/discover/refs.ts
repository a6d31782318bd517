import { Node, type ClassDeclaration } from 'ts-morph';
import type { ClassUse, ImportSource, TokenIR, ValueRef } from '../ir/types.js';
import { toPosix } from '../project/paths.js';
import { declarationKey, type DiscoverContext } from './context.js';
import { isFrameworkFile, packageNameOf } from './packages.js';
import { resolveName } from './symbols.js';
import { literalOf } from './static-value.js';

/**
 * How generated code imports a declaration: from its file when it is a user source, from the package
 * the user imported it from when it lives in a package (`.d.ts`, node_modules).
 *
 * @example
 * valueRef(ctx, classDecl, 'TodoService', typeReferenceName) // { key: '/r/src/todo.service.ts#TodoService', from: { kind: 'file', … } }
 */
export function valueRef(ctx: DiscoverContext, declaration: Node, name: string, usage?: Node): ValueRef {
  const sf = declaration.getSourceFile();
  const file = toPosix(sf.getFilePath());
  const nameNode = Node.hasName(declaration) ? declaration.getNameNode() : declaration;
  const inPackage = sf.isDeclarationFile() || file.includes('/node_modules/');
  const exportable = Node.isExportGetable(declaration);
  const isDefault = exportable && declaration.isDefaultExport();
  let from: ImportSource = { kind: 'file', file };
  let exportName = isDefault ? 'default' : name;
  if (inPackage) {
    const imported = usage ? importedFrom(usage) : undefined;
    from = { kind: 'package', specifier: imported?.specifier ?? packageNameOf(file) ?? file };
    exportName = imported?.exportName ?? name;
  }
  return {
    key: declarationKey(file, name),
    name,
    exportName,
    from,
    exported: inPackage || (exportable && declaration.isExported()),
    location: ctx.location(nameNode),
  };
}

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
  if (Node.isImportSpecifier(local)) {
    specifier = local.getImportDeclaration().getModuleSpecifierValue();
    exportName = member ?? local.getName();
  } else if (Node.isImportClause(local)) {
    const parent = local.getParent();
    specifier = Node.isImportDeclaration(parent) ? parent.getModuleSpecifierValue() : undefined;
    exportName = member ?? 'default';
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
 * `GLOBAL_GUARD`, or (anything else) an opaque token identified by its declaration or position.
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
