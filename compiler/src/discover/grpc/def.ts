import path from 'node:path';
import { Node, VariableDeclarationKind } from 'ts-morph';
import type { GrpcDefIR } from '../../ir/index.js';
import type { DiscoverContext } from '../context.js';
import { isFrameworkFile } from '../packages.js';
import { literalOf } from '../static-value.js';
import { resolveName } from '../symbols.js';
import { readLoadOptions } from './load-options.js';
import { evaluatePath, runTimePath } from './path-value.js';

/** The definition, or the sub-expression that cannot be followed, why, and what it is part of (FW1401). */
export type DefResult =
  | { readonly ok: true; readonly def: GrpcDefIR }
  | { readonly ok: false; readonly culprit: Node; readonly reason: string; readonly subject?: string };

/**
 * Follows the argument of `@GrpcController(…)` back to `loadProto(<path>)`: member accesses
 * (`proto.todo.TodoService.service`, `proto['todo']`), `const`s and destructuring (`const { todo } = proto`) across imports. The path is evaluated by
 * {@link evaluatePath} and placed as the runtime will ({@link runTimePath}): a relative string is
 * resolved against the package root of the file that calls `loadProto` (where `npm start` runs)
 * and flagged, since at run time it depends on the working directory. The options
 * (`keepCase`, `includeDirs`) are read by {@link readLoadOptions}.
 *
 * @example
 * resolveDef(ctx, decorator.args[0]) // { ok: true, def: { protoFile: '/r/src/todo.proto', members: ['todo', 'TodoService', 'service'], … } }
 */
export function resolveDef(ctx: DiscoverContext, arg: Node): DefResult {
  const members: string[] = [];
  let node: Node = arg;
  for (let depth = 0; depth < 50; depth++) {
    if (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node) || Node.isNonNullExpression(node)) {
      node = node.getExpression();
    } else if (Node.isPropertyAccessExpression(node)) {
      members.unshift(node.getName());
      node = node.getExpression();
    } else if (Node.isElementAccessExpression(node)) {
      const key = node.getArgumentExpression();
      const value = key ? literalOf(key) : undefined;
      if (typeof value !== 'string') return { ok: false, culprit: key ?? node, reason: 'a computed member name' };
      members.unshift(value);
      node = node.getExpression();
    } else if (Node.isIdentifier(node)) {
      const next = followIdentifier(node, members);
      if (!next.ok) return next;
      node = next.node;
    } else if (Node.isCallExpression(node)) {
      const callee = resolveName(node.getExpression());
      if (callee?.name !== 'loadProto' || !isFrameworkFile(callee.file)) {
        return { ok: false, culprit: node, reason: 'a call of something other than loadProto of @framework/grpc' };
      }
      return loadCall(ctx, arg, node, members);
    } else {
      return { ok: false, culprit: node, reason: 'an expression the compiler cannot follow' };
    }
  }
  return { ok: false, culprit: arg, reason: 'nested too deeply' };
}

type Step = { readonly ok: true; readonly node: Node } | { readonly ok: false; readonly culprit: Node; readonly reason: string };

function followIdentifier(node: Node, members: string[]): Step {
  const declaration = resolveName(node)?.declaration;
  if (Node.isBindingElement(declaration)) {
    // `const { todo } = proto`: reading `todo` is reading `proto.todo`.
    const pattern = declaration.getParent();
    const variable = pattern?.getParent();
    if (Node.isObjectBindingPattern(pattern) && Node.isVariableDeclaration(variable) && isConst(variable) && variable.getInitializer()) {
      members.unshift(declaration.getPropertyNameNode()?.getText() ?? declaration.getName());
      return { ok: true, node: variable.getInitializerOrThrow() };
    }
  }
  if (Node.isVariableDeclaration(declaration)) {
    const init = declaration.getInitializer();
    if (!isConst(declaration)) return { ok: false, culprit: node, reason: 'not a const, so it may be reassigned' };
    if (!init) return { ok: false, culprit: node, reason: `a const whose value the compiler cannot see (declared in ${path.basename(declaration.getSourceFile().getFilePath())})` };
    return { ok: true, node: init };
  }
  if (Node.isParameterDeclaration(declaration)) return { ok: false, culprit: node, reason: 'a parameter' };
  return { ok: false, culprit: node, reason: 'a name that is not a const' };
}

const isConst = (declaration: Node): boolean => {
  const list = declaration.getParent();
  return Node.isVariableDeclarationList(list) && list.getDeclarationKind() === VariableDeclarationKind.Const;
};

function loadCall(ctx: DiscoverContext, arg: Node, call: Node & { getArguments(): Node[] }, members: string[]): DefResult {
  const [pathArg, optionsArg] = call.getArguments();
  if (!pathArg) return { ok: false, culprit: call, reason: 'loadProto called without a path' };
  const value = evaluatePath(pathArg);
  if (!value.ok) return { ok: false, culprit: value.culprit, reason: value.reason, subject: 'the path given to loadProto' };
  const target = runTimePath(value.value, call.getSourceFile().getFilePath());
  if (!target.ok) return { ok: false, culprit: pathArg, reason: target.reason, subject: 'the path given to loadProto' };
  const options = readLoadOptions(ctx, call, optionsArg);
  // Several controllers may share one call: the builder reports FW1415 once per position.
  if (!options.ok) ctx.report('FW1415', options.culprit, { reason: options.reason });
  return {
    ok: true,
    def: {
      protoFile: target.file,
      loadLocation: ctx.location(call),
      members,
      ...(target.cwdRelative !== undefined ? { cwdRelative: target.cwdRelative } : {}),
      ...(!options.ok ? { options: 'unreadable' as const } : options.options ? { options: options.options } : {}),
      text: arg.getText(),
      location: ctx.location(arg),
    },
  };
}
