import { Node, type ParameterDeclaration } from 'ts-morph';
import type { ValueRef } from '../../ir/index.js';
import type { DiscoverContext } from '../context.js';
import { valueRef } from '../refs.js';
import { resolveName } from '../symbols.js';

/**
 * The declared type of a parameter when generated code can name it: a plain reference (no type
 * arguments) to an interface, class, type alias or enum. Whether it is importable is `exported`.
 *
 * @example
 * declaredTypeRef(ctx, param) // ValueRef of `GetTodoRequest`, or undefined for `{ id: string }`
 */
export function declaredTypeRef(ctx: DiscoverContext, p: ParameterDeclaration): ValueRef | undefined {
  const typeNode = p.getTypeNode();
  if (!Node.isTypeReference(typeNode) || typeNode.getTypeArguments().length > 0) return undefined;
  const nameNode = typeNode.getTypeName();
  const resolved = resolveName(nameNode);
  const d = resolved?.declaration;
  if (!resolved || !(Node.isInterfaceDeclaration(d) || Node.isClassDeclaration(d) || Node.isTypeAliasDeclaration(d) || Node.isEnumDeclaration(d))) return undefined;
  return valueRef(ctx, d, resolved.name, nameNode);
}

/**
 * The names of the data properties (methods left out) of a parameter's declared object type, or
 * undefined when the type is not a plain object type (any, unknown, a primitive, a union, an array).
 *
 * @example
 * dataFields(param) // ['id'] for `request: { id: string; describe(): string }`
 */
export function dataFields(p: ParameterDeclaration): string[] | undefined {
  if (!p.getTypeNode()) return undefined;
  const type = p.getType();
  if (type.isAny() || type.isUnknown() || type.isUnion() || type.isIntersection() || type.isArray() || type.isTuple() || !type.isObject()) return undefined;
  return type
    .getProperties()
    .filter((symbol) => !symbol.getDeclarations().some((d) => Node.isMethodSignature(d) || Node.isMethodDeclaration(d)))
    .map((symbol) => symbol.getName());
}
