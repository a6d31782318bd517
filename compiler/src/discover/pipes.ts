import { Node } from 'ts-morph';
import type { PipeIR } from '../ir/index.js';
import { notStatic, type DiscoverContext } from './context.js';
import type { ClassUse, ValueRef } from '../ir/index.js';
import { classUse, className, valueRef } from './refs.js';
import { resolveName } from './symbols.js';
import { evaluate, unwrap } from './static-value.js';

/**
 * The pipes given to `@Param(name, …)` or `@Query(name, …)` after the name: a class (the injector
 * creates it) or `new Pipe(…)` with static arguments (the generated tables create it once, so its
 * arguments are copied as JSON, where the global constructors `String`, `Number`, `Boolean` and
 * `Date` may stand as values: `new ParseArrayPipe({ items: Number })`). FW1004 for anything else.
 *
 * @example
 * pipesOf(ctx, decorator.args.slice(1)) // [{ kind: 'instance', cls: ParseIntPipe, args: ['{"min":1}'] }]
 */
export function pipesOf(ctx: DiscoverContext, args: readonly Node[]): PipeIR[] {
  return args.flatMap((arg): PipeIR[] => {
    const cls = pipeClass(ctx, arg);
    if (cls) return [{ kind: 'class', ...cls }];
    if (Node.isNewExpression(arg)) {
      const created = pipeClass(ctx, arg.getExpression());
      const values = arg.getArguments().map(argumentText);
      const culprit = values.find((v) => !v.ok);
      if (created && !culprit) return [{ kind: 'instance', ...created, args: values.map((v) => (v.ok ? v.text : '')) }];
      notStatic(ctx, culprit && !culprit.ok ? culprit.culprit : arg, 'A pipe given to a parameter decorator', 'a class, or `new Pipe(…)` with literal arguments');
      return [];
    }
    notStatic(ctx, arg, 'A pipe given to a parameter decorator', 'a class, or `new Pipe(…)` with literal arguments');
    return [];
  });
}

/** The class a pipe expression names, where it is named and how generated code imports it. */
function pipeClass(ctx: DiscoverContext, expr: Node): { cls: ClassUse; ref: ValueRef } | undefined {
  const cls = classUse(ctx, expr);
  const inner = Node.isParenthesizedExpression(expr) ? expr.getExpression() : expr;
  const declaration = cls ? resolveName(inner)?.declaration : undefined;
  if (!cls || !Node.isClassDeclaration(declaration)) return undefined;
  return { cls, ref: valueRef(ctx, declaration, className(declaration), inner) };
}

/** The item types `ParseArrayPipe` names by their constructor, as NestJS's does. */
const CONSTRUCTORS = new Set(['String', 'Number', 'Boolean', 'Date']);

type ArgumentText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly culprit: Node };

/** A pipe's argument as the generated tables write it: JSON, or an object literal of JSON and global constructors. */
function argumentText(node: Node): ArgumentText {
  const value = evaluate(node);
  if (value.ok) return { ok: true, text: JSON.stringify(value.value) ?? 'undefined' };
  const inner = unwrap(node);
  if (Node.isIdentifier(inner) && CONSTRUCTORS.has(inner.getText()) && isGlobal(inner)) return { ok: true, text: inner.getText() };
  if (!Node.isObjectLiteralExpression(inner)) return value;
  const entries: string[] = [];
  for (const property of inner.getProperties()) {
    if (!Node.isPropertyAssignment(property) || Node.isComputedPropertyName(property.getNameNode())) return { ok: false, culprit: property };
    const name = property.getNameNode();
    const text = argumentText(property.getInitializerOrThrow());
    if (!text.ok) return text;
    entries.push(`${JSON.stringify(Node.isStringLiteral(name) || Node.isNumericLiteral(name) ? String(name.getLiteralValue()) : name.getText())}: ${text.text}`);
  }
  return { ok: true, text: `{ ${entries.join(', ')} }` };
}

/** Declared by TypeScript's own lib files only (not a user's `const Number = …`). */
const isGlobal = (identifier: Node): boolean => {
  const declarations = identifier.getSymbol()?.getDeclarations() ?? [];
  return declarations.length > 0 && declarations.every((d) => d.getSourceFile().isDeclarationFile() && /[\\/]lib\.[^\\/]*\.d\.ts$/.test(d.getSourceFile().getFilePath()));
};
