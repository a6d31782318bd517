import { Node, ts, type ParameterDeclaration, type Type } from 'ts-morph';
import type { PipeMismatchIR } from '../ir/index.js';
import type { DiscoverContext } from './context.js';
import { resolveName } from './symbols.js';

/** A pipe as the type checker sees it: what its `transform` takes and returns (awaited). */
interface PipeSignature {
  readonly name: string;
  readonly input: Type;
  readonly output: ts.Type;
  readonly at: Node;
  /**
   * A generic class named bare (`ParseArrayPipe`): its result depends on type arguments that only
   * the generated tables give it (their defaults), so it is left to tsc there.
   */
  readonly generic?: true;
}

/**
 * What a parameter's pipes are given and the first place where their types do not meet. A
 * `@Query(name)` declared as an array whose first pipe's `transform` takes a string array
 * (`ParseArrayPipe`) is given every value of its key (`every`); any other pipe the first value.
 * Mismatches: a pipe whose `transform` cannot take what it is given (the parameter's text, or the
 * previous pipe's result: FW2309), a last pipe whose result is not the declared type (FW2308),
 * or, for a query array whose first pipe takes one text, `one-value` (FW1811): when the pipes do not
 * end in the declared array, or when a later pipe takes every value (`TrimPipe, ParseArrayPipe`:
 * it would be handed the first value only, the rest dropped in silence). These are exactly
 * the calls of the generated tables tsc would refuse, found at the user's parameter instead.
 *
 * @example
 * pipePlanOf(ctx, param, [pageSizePipeArg], 'query', param.getType()) // { mismatch: { kind: 'output', pipe: 'ParseIntPipe', given: 'number', expected: 'string', … } }
 * pipePlanOf(ctx, param, [parseArrayArg], 'query', param.getType()) // { every: true } for `ids: number[]`
 */
export function pipePlanOf(ctx: DiscoverContext, p: ParameterDeclaration, args: readonly Node[], place: 'path' | 'query' | 'cookie', declared: Type): PipePlan {
  const pipes = args.map(signatureOf);
  if (pipes.length === 0 || pipes.some((s) => s === undefined)) return {};
  const checker = p.getProject().getTypeChecker().compilerObject;
  const fits = (source: ts.Type, target: ts.Type): boolean => checker.isTypeAssignableTo(source, target);
  const text = (type: ts.Type): string => checker.typeToString(type, p.compilerNode, ts.TypeFormatFlags.NoTruncation);
  const first = (pipes as PipeSignature[])[0]!;
  const list = place === 'query' && isArray(declared) ? stringArrayOf(first.input, fits, checker.getStringType()) : undefined;
  // What the route hands the first pipe: the text (every value for a list), or undefined for an absent query parameter.
  const mayBeAbsent = place !== 'path';
  const text0 = list ?? checker.getStringType();
  let given = mayBeAbsent ? [text0, checker.getUndefinedType()] : [text0];
  let givenText = `${list ? 'string[]' : 'string'}${mayBeAbsent ? ' | undefined' : ''}`;
  let source = list
    ? `every value of the query key (undefined when absent)`
    : mayBeAbsent
      ? `the ${place === 'cookie' ? 'cookie' : 'query parameter'}'s text (undefined when absent)`
      : `the path parameter's text`;
  const plan = list ? { every: true as const } : {};
  // A pipe taking every value behind one that reads one text would get the first value only.
  const then = place === 'query' && !list && isArray(declared) ? (pipes as PipeSignature[]).slice(1).find((s) => stringArrayOf(s.input, fits, checker.getStringType())) : undefined;
  if (then && given.every((t) => fits(t, first.input.compilerType))) {
    const location = ctx.location(first.at);
    const written = { name: then.name, text: then.at.getText().replace(/\s+/g, ' ') };
    return { mismatch: { kind: 'one-value', pipe: first.name, given: text(first.output), source: first.name, expected: declared.getText(p), location, then: written } };
  }
  for (const pipe of pipes as PipeSignature[]) {
    if (!given.every((t) => fits(t, pipe.input.compilerType))) {
      return { ...plan, mismatch: { kind: 'input', pipe: pipe.name, given: givenText, source, expected: pipe.input.getText(p), location: ctx.location(pipe.at) } };
    }
    if (pipe.generic) return plan;
    given = partsOf(pipe.output);
    givenText = text(pipe.output);
    source = `${pipe.name} before it`;
  }
  if (declared.isAny() || declared.isUnknown()) return plan;
  const optional = p.isOptional() || p.hasInitializer();
  const last = (pipes as PipeSignature[]).at(-1)!;
  const fitsDeclared = given.every((t) => (optional && (t.flags & ts.TypeFlags.Undefined) !== 0) || fits(t, declared.compilerType));
  if (fitsDeclared) return plan;
  const expected = declared.getText(p);
  // A query array handed to pipes that read one text: said as such, with the ways to read every value.
  if (place === 'query' && !list && isArray(declared)) return { mismatch: { kind: 'one-value', pipe: first.name, given: givenText, source: first.name, expected, location: ctx.location(first.at) } };
  return { ...plan, mismatch: { kind: 'output', pipe: last.name, given: givenText, source: last.name, expected, location: ctx.location(p.getNameNode()) } };
}

/** What `pipePlanOf` found: whether the pipes get every value of the key, and the first mismatch. */
export interface PipePlan {
  readonly every?: true;
  readonly mismatch?: PipeMismatchIR;
}

/** Declared as an array (`number[]`, `readonly string[]`, `Array<T>`, optional or not), not a tuple. */
function isArray(declared: Type): boolean {
  const parts = (declared.isUnion() ? declared.getUnionTypes() : [declared]).filter((t) => !t.isUndefined() && !t.isNull());
  return parts.length > 0 && parts.every((t) => !t.isTuple() && (t.isArray() || t.isReadonlyArray()));
}

/**
 * The string-array member of what a pipe's `transform` takes (`string | readonly string[] | undefined`
 * → `readonly string[]`), when there is one whose items may be strings. A pipe taking `any` or
 * `unknown` names no array, so it keeps the first value, as it always had.
 */
function stringArrayOf(input: Type, fits: (source: ts.Type, target: ts.Type) => boolean, string: ts.Type): ts.Type | undefined {
  if (input.isAny() || input.isUnknown()) return undefined;
  const parts = input.isUnion() ? input.getUnionTypes() : [input];
  const array = parts.find((t) => !t.isTuple() && (t.isArray() || t.isReadonlyArray()));
  const item = array?.isArray() ? array.getArrayElementType() : array?.getTypeArguments()[0];
  return array && item && fits(string, item.compilerType) ? array.compilerType : undefined;
}

/** The members of a union (each checked alone, so `undefined` can be allowed for an optional parameter). */
const partsOf = (type: ts.Type): ts.Type[] => (type.isUnion() ? type.types : [type]);

/** The `transform` of a pipe given as a class or as `new Pipe(…)`; undefined when it has none (FW1810) or it is overloaded. */
function signatureOf(arg: Node): PipeSignature | undefined {
  const inner = Node.isParenthesizedExpression(arg) ? arg.getExpression() : arg;
  const declaration = Node.isNewExpression(inner) ? undefined : resolveName(inner)?.declaration;
  const instance = Node.isNewExpression(inner) ? inner.getType() : Node.isClassDeclaration(declaration) ? declaration.getType() : undefined;
  const transform = instance?.getProperty('transform');
  if (!instance || !transform) return undefined;
  const signatures = transform.getTypeAtLocation(arg).getCallSignatures();
  const first = signatures[0]?.getParameters()[0];
  if (signatures.length !== 1 || !first) return undefined;
  const checker = arg.getProject().getTypeChecker().compilerObject;
  const returned = signatures[0]!.getReturnType().compilerType;
  const name = Node.isNewExpression(inner) ? inner.getExpression().getText() : inner.getText();
  const generic = Node.isClassDeclaration(declaration) && declaration.getTypeParameters().length > 0;
  return { name, input: first.getTypeAtLocation(arg), output: checker.getAwaitedType(returned) ?? returned, at: arg, ...(generic ? { generic: true as const } : {}) };
}
