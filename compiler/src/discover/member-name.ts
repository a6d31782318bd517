import { Node, type MethodDeclaration, type PropertyDeclaration } from 'ts-morph';
import { literalOf } from './static-value.js';

/**
 * The name a class member has at run time: an identifier as written (`#x` for a private one), the
 * value of a string or numeric literal name (`'home-address'`, `1e3` → `'1000'`), or of a computed
 * name whose value is a literal (`[KEY]` with `const KEY = 'id'`). Undefined for a computed name
 * known only at run time (`[Symbol.iterator]`); callers report it (FW1004).
 *
 * ts-morph's `getName()` returns the source text instead (`"'home-address'"`), which is not the
 * key generated code must use.
 *
 * @example
 * memberName(parseMember("'get-all'() {}")) // 'get-all'
 */
export function memberName(member: MethodDeclaration | PropertyDeclaration): string | undefined {
  const node = member.getNameNode();
  if (Node.isIdentifier(node) || Node.isPrivateIdentifier(node)) return node.getText();
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return node.getLiteralValue();
  // Property keys are strings: `1e3` and `0x10` are the keys '1000' and '16'.
  if (Node.isNumericLiteral(node)) return String(node.getLiteralValue());
  if (Node.isComputedPropertyName(node)) {
    const value = literalOf(node.getExpression());
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return undefined;
}
