import { Node } from 'ts-morph';

/**
 * The module specifier a name is imported from when that relative import resolves to no file (a
 * renamed or moved file, a missing `.js`): the name then has no type and no value, and the
 * diagnostic about it should say so rather than blame the name's use.
 *
 * @example
 * unresolvedImportOf(identifierOfGreetingService) // './greeting/greeting.service.js' after the file was renamed
 */
export function unresolvedImportOf(node: Node): string | undefined {
  if (!Node.isIdentifier(node)) return undefined;
  const declaration = node.getSymbol()?.getDeclarations()[0];
  const importDeclaration = Node.isImportSpecifier(declaration)
    ? declaration.getImportDeclaration()
    : Node.isImportClause(declaration)
      ? declaration.getParent()
      : undefined;
  if (!Node.isImportDeclaration(importDeclaration)) return undefined;
  const specifier = importDeclaration.getModuleSpecifierValue();
  // Packages resolve through node_modules and their own rules; only the project's files are judged here.
  if (!specifier.startsWith('.')) return undefined;
  return importDeclaration.getModuleSpecifierSourceFile() === undefined ? specifier : undefined;
}
