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
}

/**
 * The first place where the types of a parameter's pipes do not meet (FW2308, FW2309): a pipe
 * whose `transform` cannot take what it is given (the parameter's text, or the previous pipe's
 * result), or a last pipe whose result is not the parameter's declared type. These are exactly the
 * calls of the generated tables tsc would refuse, found at the user's parameter instead.
 *
 * @example
 * pipeMismatchOf(ctx, param, [pageSizePipeArg], 'query', param.getType()) // { kind: 'output', pipe: 'ParseIntPipe', given: 'number', expected: 'string', … }
 */
export function pipeMismatchOf(ctx: DiscoverContext, p: ParameterDeclaration, args: readonly Node[], place: 'path' | 'query' | 'cookie', declared: Type): PipeMismatchIR | undefined {
  const pipes = args.map(signatureOf);
  if (pipes.length === 0 || pipes.some((s) => s === undefined)) return undefined;
  const checker = p.getProject().getTypeChecker().compilerObject;
  const fits = (source: ts.Type, target: ts.Type): boolean => checker.isTypeAssignableTo(source, target);
  const text = (type: ts.Type): string => checker.typeToString(type, p.compilerNode, ts.TypeFormatFlags.NoTruncation);
  // What the route hands the first pipe: the text, or undefined for an absent query parameter.
  const mayBeAbsent = place !== 'path';
  const raw = mayBeAbsent ? [checker.getStringType(), checker.getUndefinedType()] : [checker.getStringType()];
  let given = raw;
  let givenText = mayBeAbsent ? 'string | undefined' : 'string';
  let source = mayBeAbsent ? `the ${place === 'cookie' ? 'cookie' : 'query parameter'}'s text (undefined when absent)` : `the path parameter's text`;
  for (const pipe of pipes as PipeSignature[]) {
    if (!given.every((t) => fits(t, pipe.input.compilerType))) {
      return { kind: 'input', pipe: pipe.name, given: givenText, source, expected: pipe.input.getText(p), location: ctx.location(pipe.at) };
    }
    given = partsOf(pipe.output);
    givenText = text(pipe.output);
    source = `${pipe.name} before it`;
  }
  if (declared.isAny() || declared.isUnknown()) return undefined;
  const optional = p.isOptional() || p.hasInitializer();
  const last = (pipes as PipeSignature[]).at(-1)!;
  const fitsDeclared = given.every((t) => (optional && (t.flags & ts.TypeFlags.Undefined) !== 0) || fits(t, declared.compilerType));
  if (fitsDeclared) return undefined;
  return { kind: 'output', pipe: last.name, given: givenText, source: last.name, expected: declared.getText(p), location: ctx.location(p.getNameNode()) };
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
  return { name, input: first.getTypeAtLocation(arg), output: checker.getAwaitedType(returned) ?? returned, at: arg };
}
