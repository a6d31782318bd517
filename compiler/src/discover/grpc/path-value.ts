import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Node, VariableDeclarationKind, type CallExpression } from 'ts-morph';
import { toPosix } from '../../files/file-paths.js';
import { packageRootOf } from '../packages.js';
import { resolveName } from '../symbols.js';

/** A string (a path, or text that becomes one) or a URL, known at build time. */
export type PathValue = { readonly kind: 'string'; readonly value: string } | { readonly kind: 'url'; readonly href: string };

/** The value, or the sub-expression the compiler cannot follow and why. */
export type PathResult = { readonly ok: true; readonly value: PathValue } | { readonly ok: false; readonly culprit: Node; readonly reason: string };

const fail = (culprit: Node, reason: string): PathResult => ({ ok: false, culprit, reason });
const str = (value: string): PathResult => ({ ok: true, value: { kind: 'string', value } });
const text = (v: PathValue): string => (v.kind === 'string' ? v.value : v.href);

/** Node's helpers, recognised by symbol (declared in `@types/node`) however they were imported. */
const NODE_HELPERS = new Set(['fileURLToPath', 'join', 'resolve', 'dirname']);

/**
 * Evaluates the argument of `loadProto(…)` at build time. Understands string literals and
 * templates, `+`, `const`s (followed across imports), `import.meta.url|dirname|filename`,
 * `__dirname`/`__filename`, `new URL(spec, base)`, `.pathname`/`.href`, and `fileURLToPath`,
 * `join`, `resolve`, `dirname` of `node:url`/`node:path`.
 *
 * @example
 * evaluatePath(parse("fileURLToPath(new URL('./todo.proto', import.meta.url))"))
 * // { ok: true, value: { kind: 'string', value: '/r/src/todo/todo.proto' } }
 */
export function evaluatePath(node: Node, depth = 0): PathResult {
  if (depth > 30) return fail(node, 'nested too deeply');
  const here = toPosix(node.getSourceFile().getFilePath());
  const next = (n: Node): PathResult => evaluatePath(n, depth + 1);
  if (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node) || Node.isNonNullExpression(node)) {
    return next(node.getExpression());
  }
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return str(node.getLiteralValue());
  if (Node.isTemplateExpression(node)) {
    let out = node.getHead().getLiteralText();
    for (const span of node.getTemplateSpans()) {
      const part = next(span.getExpression());
      if (!part.ok) return part;
      out += text(part.value) + span.getLiteral().getLiteralText();
    }
    return str(out);
  }
  if (Node.isBinaryExpression(node) && node.getOperatorToken().getText() === '+') {
    const left = next(node.getLeft());
    if (!left.ok) return left;
    const right = next(node.getRight());
    if (!right.ok) return right;
    return str(text(left.value) + text(right.value));
  }
  if (Node.isPropertyAccessExpression(node)) return member(node.getExpression(), node.getName(), node, here, next);
  if (Node.isIdentifier(node)) return identifier(node, here, next);
  if (Node.isNewExpression(node) && node.getExpression().getText() === 'URL') {
    const [specNode, baseNode] = node.getArguments();
    if (!specNode) return fail(node, 'a URL without arguments');
    const spec = next(specNode);
    if (!spec.ok) return spec;
    const base = baseNode ? next(baseNode) : undefined;
    if (base && !base.ok) return base;
    try {
      return { ok: true, value: { kind: 'url', href: new URL(text(spec.value), base ? text(base.value) : undefined).href } };
    } catch {
      return fail(node, 'not a valid URL');
    }
  }
  if (Node.isCallExpression(node)) return call(node, next);
  return fail(node, 'an expression the compiler cannot evaluate');
}

function member(target: Node, name: string, node: Node, here: string, next: (n: Node) => PathResult): PathResult {
  if (Node.isMetaProperty(target)) {
    if (name === 'url') return { ok: true, value: { kind: 'url', href: pathToFileURL(here).href } };
    if (name === 'dirname') return str(path.posix.dirname(here));
    if (name === 'filename') return str(here);
    return fail(node, `import.meta.${name}, which has no value at build time`);
  }
  if (name !== 'pathname' && name !== 'href') return fail(node, `the property ${name}, which the compiler cannot evaluate`);
  const url = next(target);
  if (!url.ok) return url;
  if (url.value.kind !== 'url') return fail(target, 'not a URL');
  // Not decoded, exactly as at run time: `/my%20app/x.proto` names a file that does not exist (FW1402 says why).
  return str(name === 'href' ? url.value.href : new URL(url.value.href).pathname);
}

function identifier(node: Node, here: string, next: (n: Node) => PathResult): PathResult {
  const resolved = resolveName(node);
  const declaration = resolved?.declaration;
  if (!Node.isVariableDeclaration(declaration)) {
    return fail(node, Node.isParameterDeclaration(declaration) ? 'a parameter' : 'a name whose value is not known at build time');
  }
  const init = declaration.getInitializer();
  const list = declaration.getParent();
  const isConst = Node.isVariableDeclarationList(list) && list.getDeclarationKind() === VariableDeclarationKind.Const;
  if (init && isConst && !declaration.getSourceFile().isDeclarationFile()) return next(init);
  // `__dirname` and `__filename` of `@types/node` (CommonJS): this module's own location.
  if (resolved?.name === '__dirname' && isNodeTypes(resolved.file)) return str(path.posix.dirname(here));
  if (resolved?.name === '__filename' && isNodeTypes(resolved.file)) return str(here);
  return fail(node, isConst ? 'a const whose value the compiler cannot see' : 'not a const, so it may change before it is read');
}

function call(node: CallExpression, next: (n: Node) => PathResult): PathResult {
  const resolved = resolveName(node.getExpression());
  if (!resolved || !NODE_HELPERS.has(resolved.name) || !isNodeTypes(resolved.file)) return fail(node, 'a call of a function the compiler does not know');
  const args: string[] = [];
  for (const arg of node.getArguments()) {
    const value = next(arg);
    if (!value.ok) return value;
    args.push(text(value.value));
  }
  switch (resolved.name) {
    case 'fileURLToPath':
      if (args[0] === undefined || !args[0].startsWith('file:')) return fail(node, 'fileURLToPath of something that is not a file: URL');
      try {
        return str(toPosix(fileURLToPath(args[0])));
      } catch (error) {
        // Node's own function, so it throws here exactly when it throws at startup (a lone `%`).
        return fail(node, `a call that throws at run time (${error instanceof Error ? error.message : String(error)}; a '%' in a URL must be written %25)`);
      }
    case 'dirname':
      return args[0] === undefined ? fail(node, 'dirname without an argument') : str(path.posix.dirname(args[0]));
    case 'join':
      return str(path.posix.join(...args));
    default:
      return str(resolveSegments(args));
  }
}

/** `path.resolve` without the working directory: a result that stays relative depends on it at run time. */
function resolveSegments(parts: readonly string[]): string {
  let out = '';
  for (const part of parts) out = path.posix.isAbsolute(part) ? part : out ? path.posix.join(out, part) : part;
  return path.posix.normalize(out || '.');
}

const isNodeTypes = (file: string): boolean => toPosix(file).includes('/@types/node/');

/** Where a path value points at run time, or why it cannot be used as a path. */
export type RunTimePath =
  | { readonly ok: true; readonly file: string; readonly cwdRelative?: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Where a path given to the runtime (`loadProto`'s path, an `includeDirs` entry) points when the
 * application runs: an absolute string as it is; a relative one against the working directory,
 * which the compiler takes to be the package root of `callerFile` (where `npm start` runs), and
 * flags with `cwdRelative`; a URL object not at all, since `path.resolve`/`path.join` throw on it.
 *
 * @example
 * runTimePath({ kind: 'string', value: 'src/todo.proto' }, '/r/app/src/main.ts') // { ok: true, file: '/r/app/src/todo.proto', cwdRelative: 'src/todo.proto' }
 */
export function runTimePath(value: PathValue, callerFile: string): RunTimePath {
  if (value.kind === 'url') return { ok: false, reason: 'a URL object, but a path string is expected (at run time `path.resolve` throws on it); wrap it in fileURLToPath(…)' };
  if (path.posix.isAbsolute(value.value) || path.win32.isAbsolute(value.value)) return { ok: true, file: toPosix(path.resolve(value.value)) };
  return { ok: true, file: toPosix(path.resolve(packageRootOf(callerFile), value.value)), cwdRelative: value.value };
}
