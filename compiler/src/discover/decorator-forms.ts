import { Node, SyntaxKind, type Decorator, type SourceFile } from 'ts-morph';
import { checkClassPlacement, CLASS_MARKERS } from './class-placement.js';
import { oneLine, type DiscoverContext } from './context.js';
import { isFrameworkFile } from './packages.js';
import { decoratorCallee, isValidatorFile, resolveDecorator, resolveName } from './symbols.js';

/** What a decorator factory takes: its most arguments (Infinity with a rest parameter) and its parameters as written. */
interface Takes {
  readonly max: number;
  readonly params: string;
}

/**
 * Every decorator of one source file, inside functions and class expressions too, checked for
 * what discovery would otherwise pass over without a word:
 *
 * - FW1016: an expression that names a framework (or class-validator) decorator but is not one
 *   framework-build can resolve: `@(cond ? Get : Post)('/a')`, `@(decorators[0])()`. Type-only
 *   wrappers (`@(Get as any)('/a')`) are seen through by `resolveDecorator` and read as written.
 * - FW1017: a module, injectable or controller declared where discovery does not read classes
 *   (`class-placement.ts`).
 * - FW1018: a decorator factory given more arguments than it takes (`@Get('/a', '/b')`); FW1019:
 *   one applied without being called (`@Get`). tsc rejects both, and discovery would read a part.
 *
 * One pass over the file's syntax; what the checker resolves is cached by the checker, what a
 * factory takes by its declaration.
 *
 * @example
 * checkDecoratorForms(ctx, sourceFile); // FW1016 at `@(cond ? Get : Post)('/a')`
 */
export function checkDecoratorForms(ctx: DiscoverContext, sf: SourceFile): void {
  // A file without `@` has no decorator: skip the walk.
  if (!sf.getFullText().includes('@')) return;
  const takes = new Map<Node, Takes | undefined>();
  const placed = new Set<Node>();
  for (const decorator of sf.getDescendantsOfKind(SyntaxKind.Decorator)) {
    const resolved = resolveDecorator(decorator);
    const read = resolved !== undefined && (isFrameworkFile(resolved.file) || isValidatorFile(resolved.file));
    if (!read) {
      checkUnresolved(ctx, decorator);
      continue;
    }
    checkArguments(ctx, decorator, resolved.name, resolved.declaration, takes);
    if (isFrameworkFile(resolved.file) && CLASS_MARKERS.has(resolved.name)) checkClassPlacement(ctx, decorator.getParentOrThrow(), decorator, `@${resolved.name}`, placed);
  }
}

/** FW1016 when the decorator's expression names a decorator framework-build reads, by name or by type. */
function checkUnresolved(ctx: DiscoverContext, decorator: Decorator): void {
  const callee = decoratorCallee(decorator);
  const names = new Set<string>();
  // A name inside the expression: `Get` and `Post` of `cond ? Get : Post`.
  if (!Node.isIdentifier(callee) && !Node.isPropertyAccessExpression(callee)) {
    for (const id of callee.getDescendantsOfKind(SyntaxKind.Identifier)) {
      const resolved = resolveName(id);
      if (resolved && isReadFile(resolved.file) && isDecoratorFactory(resolved.declaration)) names.add(resolved.name);
    }
  }
  // The type: `decorators[0]` of `const decorators = [Get]`, or a const alias of a decorator.
  for (const name of decoratorsOfType(callee)) names.add(name);
  if (names.size === 0) return;
  const call = decorator.getCallExpression();
  const args = call ? `(${call.getArguments().map((a) => a.getText()).join(', ')})` : '';
  const list = [...names].map((n) => `@${n}`);
  ctx.unreadDecorated.add(decorator.getParentOrThrow().compilerNode);
  ctx.report('FW1016', decorator, {
    text: oneLine(decorator.getText()),
    decorators: list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`,
    direct: oneLine(list.map((n) => `${n}${args}`).join(' or ')),
  });
}

/** The decorator factories (framework or class-validator) whose call signatures the expression's type has. */
function decoratorsOfType(expr: Node): string[] {
  const type = expr.getType();
  if (type.isAny() || type.isUnknown()) return [];
  const parts = type.isUnion() ? type.getUnionTypes() : type.isIntersection() ? type.getIntersectionTypes() : [type];
  const names: string[] = [];
  for (const part of parts) {
    for (const signature of part.getCallSignatures()) {
      const declaration = signature.compilerSignature.declaration ? signature.getDeclaration() : undefined;
      // `export declare const Get: (path?: string) => MethodDecorator`: the signature is the const's type.
      const owner = Node.isFunctionDeclaration(declaration) ? declaration : declaration?.getFirstAncestorByKind(SyntaxKind.VariableDeclaration);
      if (!owner || !isReadFile(owner.getSourceFile().getFilePath()) || !isDecoratorFactory(owner)) continue;
      const name = owner.getName();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** FW1018 for extra arguments (at the first one), FW1019 for a factory applied without a call. */
function checkArguments(ctx: DiscoverContext, decorator: Decorator, name: string, declaration: Node, cache: Map<Node, Takes | undefined>): void {
  if (!cache.has(declaration)) cache.set(declaration, takesOf(declaration));
  const takes = cache.get(declaration);
  if (!takes) return;
  const call = decorator.getCallExpression();
  if (!call) {
    ctx.report('FW1019', decorator, { decorator: `@${name}`, params: takes.params });
    return;
  }
  const args = call.getArguments();
  // A spread's length is known only at run time (FW1004 says so where the value is read).
  if (args.length <= takes.max || args.some((a) => Node.isSpreadElement(a))) return;
  const max = takes.max;
  ctx.report('FW1018', args[max]!, {
    decorator: `@${name}`,
    takes: max === 0 ? 'no argument' : `at most ${max} argument${max === 1 ? '' : 's'}`,
    params: takes.params,
    given: `${args.length} argument${args.length === 1 ? '' : 's'}`,
    kept: max === 0 ? 'none of them' : max === 1 ? 'the first one' : `the first ${max}`,
    extra: oneLine(args.slice(max).map((a) => a.getText()).join(', ')),
  });
}

/** What a decorator factory takes, from its call signatures; undefined when it is not a factory. */
function takesOf(declaration: Node): Takes | undefined {
  if (!isDecoratorFactory(declaration)) return undefined;
  const signatures = declaration.getType().getCallSignatures();
  let max = 0;
  let params = '';
  for (const signature of signatures) {
    const declared = signature.compilerSignature.declaration ? signature.getDeclaration() : undefined;
    const parameters = Node.isParametered(declared) ? declared.getParameters() : [];
    const rest = parameters.some((p) => p.isRestParameter());
    const count = rest ? Infinity : signature.getParameters().length;
    if (count >= max) {
      max = count;
      // As the user would name them: the framework's `_name?` marks a parameter its body leaves unread.
      params = `(${parameters.map((p) => p.getText().replace(/^(\.\.\.)?_(?=[A-Za-z$])/, '$1')).join(', ')})`;
    }
  }
  return { max, params };
}

/**
 * A function or const whose calls return a decorator (`MethodDecorator`, `ClassDecorator`, …):
 * what every decorator the framework and class-validator export is; their constants, classes and
 * helpers are not.
 */
function isDecoratorFactory(declaration: Node): boolean {
  if (!Node.isFunctionDeclaration(declaration) && !Node.isVariableDeclaration(declaration)) return false;
  const signatures = declaration.getType().getCallSignatures();
  return signatures.length > 0 && signatures.every((s) => /Decorator\b/.test(s.getReturnType().getText(declaration)));
}

const isReadFile = (file: string): boolean => isFrameworkFile(file) || isValidatorFile(file);
