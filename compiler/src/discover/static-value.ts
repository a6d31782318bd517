import { Node, VariableDeclarationKind } from 'ts-morph';

/** A value known at build time. */
export type StaticValue = string | number | boolean | null | undefined | readonly StaticValue[] | { readonly [key: string]: StaticValue };

/** The result of evaluating an expression statically: the value, or the sub-expression that is not static. */
export type Evaluated = { readonly ok: true; readonly value: StaticValue } | { readonly ok: false; readonly culprit: Node };

/**
 * Strips parentheses, `as`, `satisfies`, `!` and follows identifiers of `const` declarations to their
 * initialiser (so `@Module(options)` with `const options = { … }` reads the object literal).
 *
 * @example
 * unwrap(arg).isKind(SyntaxKind.ObjectLiteralExpression)
 */
export function unwrap(node: Node): Node {
  for (let depth = 0; depth < 20; depth++) {
    if (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node) || Node.isNonNullExpression(node) || Node.isTypeAssertion(node)) {
      node = node.getExpression();
      continue;
    }
    if (Node.isIdentifier(node)) {
      const declaration = node.getSymbol()?.getDeclarations()[0];
      const aliased = node.getSymbol()?.isAlias() ? node.getSymbol()?.getAliasedSymbol()?.getDeclarations()[0] : declaration;
      const target = aliased ?? declaration;
      if (Node.isVariableDeclaration(target) && isConst(target)) {
        const init = target.getInitializer();
        if (init && (Node.isObjectLiteralExpression(unwrapSyntax(init)) || Node.isArrayLiteralExpression(unwrapSyntax(init)))) {
          node = init;
          continue;
        }
      }
    }
    return node;
  }
  return node;
}

function unwrapSyntax(node: Node): Node {
  while (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node)) node = node.getExpression();
  return node;
}

function isConst(declaration: Node): boolean {
  const list = declaration.getParent();
  return Node.isVariableDeclarationList(list) && list.getDeclarationKind() === VariableDeclarationKind.Const;
}

/**
 * The primitive value of an expression whose type is a literal type (a string or number literal, a
 * `const` holding one, an enum member such as `SCOPE.REQUEST`), else undefined.
 *
 * @example
 * literalOf(parse("'/todo'")) // '/todo'
 */
export function literalOf(node: Node): string | number | boolean | undefined {
  const inner = unwrapSyntax(node);
  if (Node.isStringLiteral(inner) || Node.isNoSubstitutionTemplateLiteral(inner)) return inner.getLiteralValue();
  if (Node.isNumericLiteral(inner)) return inner.getLiteralValue();
  if (Node.isTrueLiteral(inner)) return true;
  if (Node.isFalseLiteral(inner)) return false;
  const type = inner.getType();
  if (type.isStringLiteral() || type.isNumberLiteral()) {
    const value = type.getLiteralValue();
    if (typeof value === 'string' || typeof value === 'number') return value;
  }
  if (type.isBooleanLiteral()) return type.getText() === 'true';
  return undefined;
}

/**
 * Evaluates literals, object and array literals (with spreads of static arrays) and literal-typed
 * expressions. Anything else is not static: the culprit is returned for a FW1004 diagnostic.
 *
 * @example
 * evaluate(throttleArg) // { ok: true, value: { default: { ttl: 60000, limit: 5 } } }
 */
export function evaluate(node: Node): Evaluated {
  const inner = unwrap(node);
  if (Node.isNullLiteral(inner)) return { ok: true, value: null };
  if (Node.isIdentifier(inner) && inner.getText() === 'undefined') return { ok: true, value: undefined };
  if (Node.isObjectLiteralExpression(inner)) {
    const out: Record<string, StaticValue> = {};
    for (const property of inner.getProperties()) {
      if (Node.isPropertyAssignment(property) || Node.isShorthandPropertyAssignment(property)) {
        const nameNode = property.getNameNode();
        if (Node.isComputedPropertyName(nameNode)) return { ok: false, culprit: nameNode };
        const key = Node.isStringLiteral(nameNode) || Node.isNumericLiteral(nameNode) ? String(nameNode.getLiteralValue()) : nameNode.getText();
        const valueNode = Node.isPropertyAssignment(property) ? property.getInitializerOrThrow() : property.getNameNode();
        const value = evaluate(valueNode);
        if (!value.ok) return value;
        out[key] = value.value;
      } else {
        return { ok: false, culprit: property };
      }
    }
    return { ok: true, value: out };
  }
  if (Node.isArrayLiteralExpression(inner)) {
    const out: StaticValue[] = [];
    for (const element of inner.getElements()) {
      const value = evaluate(Node.isSpreadElement(element) ? element.getExpression() : element);
      if (!value.ok) return value;
      if (Node.isSpreadElement(element) && Array.isArray(value.value)) out.push(...(value.value as StaticValue[]));
      else if (Node.isSpreadElement(element)) return { ok: false, culprit: element };
      else out.push(value.value);
    }
    return { ok: true, value: out };
  }
  const literal = literalOf(inner);
  if (literal !== undefined) return { ok: true, value: literal };
  return { ok: false, culprit: node };
}

/**
 * The elements of an array-valued option, spreads of `const` arrays flattened (so indices match the
 * array the decorator receives at run time); undefined when it is not an array literal.
 */
export function arrayElements(node: Node): Node[] | undefined {
  const inner = unwrap(node);
  if (!Node.isArrayLiteralExpression(inner)) return undefined;
  const out: Node[] = [];
  for (const element of inner.getElements()) {
    if (Node.isSpreadElement(element)) {
      const spread = arrayElements(element.getExpression());
      if (!spread) return undefined;
      out.push(...spread);
    } else {
      out.push(element);
    }
  }
  return out;
}
