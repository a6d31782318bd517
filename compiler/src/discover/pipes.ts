import { Node } from 'ts-morph';
import type { PipeIR } from '../ir/index.js';
import { notStatic, type DiscoverContext } from './context.js';
import type { ClassUse, ValueRef } from '../ir/index.js';
import { classUse, className, valueRef } from './refs.js';
import { resolveName } from './symbols.js';
import { evaluate } from './static-value.js';

/**
 * The pipes given to `@Param(name, …)` or `@Query(name, …)` after the name: a class (the injector
 * creates it) or `new Pipe(…)` with static arguments (the generated tables create it once, so its
 * arguments are copied as JSON). FW1004 for anything else.
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
      const values = arg.getArguments().map((a) => evaluate(a));
      const culprit = values.find((v) => !v.ok);
      if (created && !culprit) return [{ kind: 'instance', ...created, args: values.map((v) => (v.ok ? JSON.stringify(v.value) ?? 'undefined' : '')) }];
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
