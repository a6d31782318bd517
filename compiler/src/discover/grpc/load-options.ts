import { Node, VariableDeclarationKind, type ShorthandPropertyAssignment } from 'ts-morph';
import type { IncludeDirIR, ProtoLoadOptionsIR } from '../../ir/index.js';
import { oneLine, type DiscoverContext } from '../context.js';
import { isFrameworkFile } from '../packages.js';
import { arrayElements, evaluate, unwrap } from '../static-value.js';
import { resolveName } from '../symbols.js';
import { evaluatePath, runTimePath } from './path-value.js';

/** The options (absent: the runtime's defaults), or the node that hides them and why (FW1415). */
export type OptionsResult =
  | { readonly ok: true; readonly options?: ProtoLoadOptionsIR }
  | { readonly ok: false; readonly culprit: Node; readonly reason: string };

/** The two options that change what is read; the rest (`longs`, `enums`, …) are not looked at. */
const READ = new Set(['keepCase', 'includeDirs']);

/**
 * Reads the second argument of `loadProto(path, options)` as the runtime applies it
 * (`{ keepCase: true, …defaults, ...options }` handed to @grpc/proto-loader): `keepCase` by
 * truthiness, `includeDirs` as paths placed like `loadProto`'s own path (a relative entry resolves
 * against the working directory). Later properties and spreads override earlier ones, as in
 * JavaScript; `...defaultProtoOptions` is the runtime's defaults. Anything that could set either
 * option but is not static fails, unless a later property sets the option again.
 *
 * @example
 * readLoadOptions(ctx, call, parse("{ keepCase: false, longs: String }")) // { ok: true, options: { keepCase: false, includeDirs: [] } }
 */
export function readLoadOptions(ctx: DiscoverContext, call: Node, arg: Node | undefined): OptionsResult {
  if (!arg || isUndefined(arg) || isRuntimeDefaults(arg)) return { ok: true };
  const state: State = { keepCase: true, includeDirs: [], hidden: {} };
  const failure = readObject(ctx, call, arg, state, 0);
  if (failure) return failure;
  // A spread the compiler cannot follow only matters when no later property sets the option again.
  const hidden = state.hidden.keepCase ?? state.hidden.includeDirs;
  if (hidden) return fail(hidden, `${quoted(hidden)} is a spread the compiler cannot follow, which may set keepCase or includeDirs`);
  const { keepCase, includeDirs } = state;
  return keepCase && includeDirs.length === 0 ? { ok: true } : { ok: true, options: { keepCase, includeDirs } };
}

interface State {
  keepCase: boolean;
  includeDirs: IncludeDirIR[];
  /** The spread that may have set an option, until a later property sets it. */
  hidden: { keepCase?: Node; includeDirs?: Node };
}
type Failure = Extract<OptionsResult, { ok: false }>;

function isRuntimeDefaults(node: Node): boolean {
  const resolved = Node.isIdentifier(node) || Node.isPropertyAccessExpression(node) ? resolveName(node) : undefined;
  return resolved?.name === 'defaultProtoOptions' && isFrameworkFile(resolved.file);
}

const fail = (culprit: Node, reason: string): Failure => ({ ok: false, culprit, reason });
const quoted = (node: Node): string => `\`${oneLine(node.getText())}\``;

function readObject(ctx: DiscoverContext, call: Node, arg: Node, state: State, depth: number): Failure | undefined {
  const object = unwrap(arg);
  if (!Node.isObjectLiteralExpression(object)) {
    const why = Node.isParameterDeclaration(Node.isIdentifier(object) ? resolveName(object)?.declaration : undefined) ? 'a parameter' : 'not an object literal';
    return fail(arg, `${quoted(arg)} is ${why}`);
  }
  for (const property of object.getProperties()) {
    if (Node.isSpreadAssignment(property)) {
      const spread = property.getExpression();
      // `...defaultProtoOptions` of @framework/grpc: the runtime's defaults, which apply anyway.
      if (isRuntimeDefaults(spread)) {
        Object.assign(state, { keepCase: true, includeDirs: [], hidden: {} });
        continue;
      }
      if (!Node.isObjectLiteralExpression(unwrap(spread)) || depth >= 10) {
        state.hidden = { keepCase: property, includeDirs: property };
        continue;
      }
      const inner = readObject(ctx, call, spread, state, depth + 1);
      if (inner) return inner;
      continue;
    }
    const named = Node.isPropertyAssignment(property) || Node.isShorthandPropertyAssignment(property) || Node.isMethodDeclaration(property);
    const nameNode = named || Node.isGetAccessorDeclaration(property) || Node.isSetAccessorDeclaration(property) ? property.getNameNode() : undefined;
    if (!nameNode || Node.isComputedPropertyName(nameNode)) {
      return fail(property, `${quoted(property)} has a name the compiler cannot read, which may be keepCase or includeDirs`);
    }
    const name = Node.isStringLiteral(nameNode) ? nameNode.getLiteralValue() : nameNode.getText();
    if (!READ.has(name)) continue;
    const value = Node.isPropertyAssignment(property) ? property.getInitializer() : Node.isShorthandPropertyAssignment(property) ? shorthandValue(property) : undefined;
    if (!value) return fail(property, `\`${name}\` is not a plain value`);
    const failure = name === 'keepCase' ? readKeepCase(value, state) : readIncludeDirs(ctx, call, value, state);
    if (failure) return failure;
    delete state.hidden[name as keyof State['hidden']];
  }
  return undefined;
}

function readKeepCase(value: Node, state: State): Failure | undefined {
  const evaluated = evaluate(value);
  if (!evaluated.ok) return fail(evaluated.culprit, `\`keepCase\` is ${quoted(value)}, which is only known at run time`);
  // protobufjs tests it for truthiness; `keepCase: undefined` overrides the runtime's `true`.
  state.keepCase = Boolean(evaluated.value);
  return undefined;
}

function readIncludeDirs(ctx: DiscoverContext, call: Node, value: Node, state: State): Failure | undefined {
  if (isUndefined(value)) {
    state.includeDirs = [];
    return undefined;
  }
  const elements = arrayElements(value);
  if (!elements) return fail(value, `\`includeDirs\` is ${quoted(value)}, which is not an array literal`);
  const dirs: IncludeDirIR[] = [];
  for (const element of elements) {
    const evaluated = evaluatePath(element);
    if (!evaluated.ok) return fail(evaluated.culprit, `an entry of \`includeDirs\`, ${quoted(element)}, is ${evaluated.reason}`);
    const target = runTimePath(evaluated.value, call.getSourceFile().getFilePath());
    if (!target.ok) return fail(element, `an entry of \`includeDirs\`, ${quoted(element)}, is ${target.reason}`);
    dirs.push({ dir: target.file, ...(target.cwdRelative !== undefined ? { cwdRelative: target.cwdRelative } : {}), location: ctx.location(element) });
  }
  state.includeDirs = dirs;
  return undefined;
}

/** `{ includeDirs }`: the initialiser of the `const` it names (the name's own symbol is the property's). */
function shorthandValue(property: ShorthandPropertyAssignment): Node {
  let symbol = property.getValueSymbol();
  if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
  const declaration = symbol?.getDeclarations()[0];
  const list = declaration?.getParent();
  const isConst = Node.isVariableDeclarationList(list) && list.getDeclarationKind() === VariableDeclarationKind.Const;
  return (isConst && Node.isVariableDeclaration(declaration) && declaration.getInitializer()) || property.getNameNode();
}

const isUndefined = (node: Node): boolean => Node.isIdentifier(node) && node.getText() === 'undefined';
