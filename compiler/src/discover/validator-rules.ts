import { Node, SyntaxKind, type EnumDeclaration, type PropertyDeclaration, type TypeNode } from 'ts-morph';
import type { DeclaredTypeIR, RuleArgIR, ValidatorRuleIR } from '../ir/index.js';
import type { DiscoverContext } from './context.js';
import { evaluate } from './static-value.js';
import { valueRef } from './refs.js';
import { isValidatorFile, resolveDecorator, resolveName } from './symbols.js';

/**
 * The class-validator decorators of a DTO member, in source order, with their arguments read for
 * the validator compiler: static values, regular expression literals, self-contained arrows.
 *
 * @example
 * validatorRules(ctx, property) // [{ name: 'Min', args: [{ kind: 'value', value: 1 }], location }]
 */
export function validatorRules(ctx: DiscoverContext, property: PropertyDeclaration): ValidatorRuleIR[] {
  const rules: ValidatorRuleIR[] = [];
  for (const decorator of property.getDecorators()) {
    const resolved = resolveDecorator(decorator);
    if (!resolved || !isValidatorFile(resolved.file)) continue;
    rules.push({ name: resolved.name, location: ctx.location(decorator), args: decorator.getArguments().map((arg) => ruleArg(ctx, arg)) });
  }
  return rules;
}

function ruleArg(ctx: DiscoverContext, node: Node): RuleArgIR {
  if (Node.isRegularExpressionLiteral(node)) return { kind: 'regexp', text: node.getText() };
  if (Node.isIdentifier(node) || Node.isPropertyAccessExpression(node)) {
    const declaration = resolveName(node)?.declaration;
    if (Node.isEnumDeclaration(declaration)) {
      return { kind: 'enum', ref: valueRef(ctx, declaration, declaration.getName(), node), text: node.getText(), ...enumValues(declaration) };
    }
  }
  if (Node.isArrowFunction(node) && isSelfContained(node)) return { kind: 'arrow', text: node.getText() };
  const value = evaluate(node);
  return value.ok ? { kind: 'value', value: value.value } : { kind: 'dynamic', text: node.getText() };
}

/** An arrow whose body names nothing but its own parameters (member names after a dot aside). */
function isSelfContained(arrow: Node): boolean {
  if (!Node.isArrowFunction(arrow)) return false;
  const params = new Set(arrow.getParameters().map((p) => p.getName()));
  // Type annotations would name types the generated file does not import.
  if (arrow.getReturnTypeNode() || arrow.getTypeParameters().length > 0) return false;
  if (arrow.getParameters().some((p) => !Node.isIdentifier(p.getNameNode()) || p.getInitializer() || p.getTypeNode() || p.isRestParameter())) return false;
  if (arrow.getBody().getDescendantsOfKind(SyntaxKind.ThisKeyword).length > 0) return false;
  return arrow.getBody().getDescendantsOfKind(SyntaxKind.Identifier).every((id) => {
    const parent = id.getParent();
    if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return true;
    if (Node.isPropertyAssignment(parent) && parent.getNameNode() === id) return true;
    return params.has(id.getText()) || id.getText() === 'undefined';
  }) && (!Node.isIdentifier(arrow.getBody()) || params.has(arrow.getBody().getText()));
}

/**
 * `string`, `number`, `boolean` and arrays of them (`T[]`, `Array<T>`), optional members' `| undefined`
 * aside; anything else (unions, classes, `any`) is not judged.
 *
 * @example
 * declaredTypeOf(parse('number[]')) // { base: 'number', array: true, text: 'number[]' }
 */
export function declaredTypeOf(typeNode: TypeNode | undefined): DeclaredTypeIR | undefined {
  if (!typeNode) return undefined;
  let node: Node = typeNode;
  if (Node.isUnionTypeNode(node)) {
    const real = node.getTypeNodes().filter((t) => !['undefined', 'null'].includes(t.getText()));
    if (real.length !== 1) return undefined;
    node = real[0]!;
  }
  let array = false;
  if (Node.isArrayTypeNode(node)) {
    node = node.getElementTypeNode();
    array = true;
  } else if (Node.isTypeReference(node) && ['Array', 'ReadonlyArray'].includes(node.getTypeName().getText()) && node.getTypeArguments().length === 1) {
    node = node.getTypeArguments()[0]!;
    array = true;
  }
  const base = node.getText();
  if (base !== 'string' && base !== 'number' && base !== 'boolean') return undefined;
  return { base, array, text: array ? `${base}[]` : base };
}

/**
 * The values class-validator's `@IsEnum(E)` accepts, those of `Object.keys(E).map((k) => E[k])`:
 * every member's value, and for numeric members the reverse mapping's names too. Absent when a
 * member's value is computed.
 */
function enumValues(declaration: EnumDeclaration): { values?: (string | number)[] } {
  const values: (string | number)[] = [];
  const names: string[] = [];
  for (const member of declaration.getMembers()) {
    const value = member.getValue();
    if (value === undefined) return {};
    values.push(value);
    if (typeof value === 'number') names.push(member.getName());
  }
  return { values: [...values, ...names] };
}
