import { Node, SyntaxKind, type ParameterDeclaration, type TypeNode } from 'ts-morph';
import type { DiscoverContext } from './context.js';
import { isFrameworkFile } from './packages.js';
import { resolveName } from './symbols.js';

/**
 * The element type node of an array type as written: `T[]`, `readonly T[]`, `Array<T>`,
 * `ReadonlyArray<T>` (parentheses seen through); undefined for anything else, a tuple included.
 *
 * @example
 * arrayElementOf(param.getTypeNode())?.getText() // 'ItemDto' for `items: readonly ItemDto[]`
 */
export function arrayElementOf(typeNode: TypeNode | undefined): TypeNode | undefined {
  let node: TypeNode | undefined = typeNode;
  while (Node.isParenthesizedTypeNode(node)) node = node.getTypeNode();
  if (Node.isTypeOperatorTypeNode(node) && node.getOperator() === SyntaxKind.ReadonlyKeyword) return arrayElementOf(node.getTypeNode());
  if (Node.isArrayTypeNode(node)) return node.getElementTypeNode();
  if (!Node.isTypeReference(node) || node.getTypeArguments().length !== 1) return undefined;
  const name = node.getTypeName();
  if (name.getText() !== 'Array' && name.getText() !== 'ReadonlyArray') return undefined;
  // TypeScript's own `Array` (which @types/node augments), not a type of the application's that shares its name.
  const declarations = name.getSymbol()?.getDeclarations() ?? [];
  const global = declarations.some((d) => d.getSourceFile().isDeclarationFile() && /[\\/]lib\.[^\\/]*\.d\.ts$/.test(d.getSourceFile().getFilePath()));
  return global ? node.getTypeArguments()[0] : undefined;
}

/**
 * FW1211: `@Body(new ParseArrayPipe({ items: ItemDto }))`, NestJS's way to validate an array body.
 * Pipes do not apply to a body here: the declared type (`ItemDto[]`) says it all, so the hint
 * writes that form, with the class `items` names, else the parameter's element type. Reported at
 * the pipe; true when the argument is such a pipe (it is then no options object, and no FW1004).
 *
 * @example
 * refuseBodyArrayPipe(ctx, bodyDecorator.args[0], param, 'ItemsController.create') // true, FW1211 reported
 */
export function refuseBodyArrayPipe(ctx: DiscoverContext, arg: Node | undefined, param: ParameterDeclaration, handler: string): boolean {
  const inner = arg && Node.isParenthesizedExpression(arg) ? arg.getExpression() : arg;
  if (!inner) return false;
  const created = Node.isNewExpression(inner) ? inner.getExpression() : inner;
  const resolved = resolveName(created);
  if (!resolved || resolved.name !== 'ParseArrayPipe' || !isFrameworkFile(resolved.file)) return false;
  const options = Node.isNewExpression(inner) ? inner.getArguments()[0] : undefined;
  const items = Node.isObjectLiteralExpression(options) ? options.getProperty('items') : undefined;
  const named = Node.isPropertyAssignment(items) ? items.getInitializer() : Node.isShorthandPropertyAssignment(items) ? items.getNameNode() : undefined;
  const item = named ? resolveName(named) : undefined;
  const declared = arrayElementOf(param.getTypeNode())?.getText();
  const itemsText = item && Node.isClassDeclaration(item.declaration) ? named!.getText() : declared;
  ctx.report('FW1211', arg!, { pipe: inner.getText().replace(/\s+/g, ' '), param: param.getName(), handler, ...(itemsText ? { items: itemsText } : {}) });
  return true;
}
