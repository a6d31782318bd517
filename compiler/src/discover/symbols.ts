import { Node, type Decorator, type Symbol as MorphSymbol } from 'ts-morph';
import { isFrameworkFile, packageNameOf } from './packages.js';

/** What a name in the user's code refers to, after following import aliases. */
export interface ResolvedName {
  /**
   * The declaration's own name (`Get` for `import { Get as HttpGet }`, `Foo` for a default import of
   * `export default class Foo`); the symbol's name (`default`) only when the declaration has none.
   */
  readonly name: string;
  readonly declaration: Node;
  readonly file: string;
}

/**
 * Follows an identifier (or `ns.Name`) through import aliases to its declaration. Of merged
 * declarations (`interface Svc extends Mixin {}` + `class Svc {}`) the class, else the value, is
 * taken: that is what exists at run time and what generated code imports.
 *
 * @example
 * resolveName(decorator.getCallExpression()!.getExpression()) // { name: 'Get', file: '…/http.d.ts', … }
 */
export function resolveName(node: Node): ResolvedName | undefined {
  const target = Node.isPropertyAccessExpression(node) ? node.getNameNode() : Node.isQualifiedName(node) ? node.getRight() : node;
  let symbol: MorphSymbol | undefined = target.getSymbol();
  if (!symbol) return undefined;
  if (symbol.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
  const declarations = symbol.getDeclarations();
  const declaration = declarations.find((d) => Node.isClassDeclaration(d)) ?? symbol.getValueDeclaration() ?? declarations[0];
  if (!declaration) return undefined;
  return { name: declaredName(declaration) ?? symbol.getName(), declaration, file: declaration.getSourceFile().getFilePath() };
}

/** The identifier a declaration is written with (`class Foo`, `const foo`), if it has one. */
function declaredName(declaration: Node): string | undefined {
  if (!Node.hasName(declaration)) return undefined;
  const nameNode = declaration.getNameNode();
  return Node.isIdentifier(nameNode) ? nameNode.getText() : undefined;
}

/** A decorator whose symbol resolves into a framework package, by its original exported name. */
export interface FrameworkDecorator {
  readonly name: string;
  readonly node: Decorator;
  readonly args: readonly Node[];
}

/**
 * The framework decorators on a class, method, parameter or property, recognised by symbol: an
 * aliased import counts, a user's own decorator of the same name does not.
 *
 * @example
 * frameworkDecorators(method).find((d) => d.name === 'Get')
 */
export function frameworkDecorators(node: Node): FrameworkDecorator[] {
  if (!Node.isDecoratable(node)) return [];
  const found: FrameworkDecorator[] = [];
  for (const decorator of node.getDecorators()) {
    const resolved = resolveDecorator(decorator);
    if (resolved && isFrameworkFile(resolved.file)) {
      found.push({ name: resolved.name, node: decorator, args: decorator.getArguments() });
    }
  }
  return found;
}

/** Names of the decorators on `node` that come from the `class-validator` package. */
export function validatorDecorators(node: Node): string[] {
  if (!Node.isDecoratable(node)) return [];
  const names: string[] = [];
  for (const decorator of node.getDecorators()) {
    const resolved = resolveDecorator(decorator);
    if (resolved && isValidatorFile(resolved.file)) names.push(resolved.name);
  }
  return names;
}

/**
 * Where class-validator decorators are declared: class-validator itself, or
 * `@framework/core/validators`, which declares the same decorators under the same names.
 *
 * @example
 * isValidatorFile('/r/node_modules/class-validator/types/decorator/typechecker/IsString.d.ts') // true
 */
export function isValidatorFile(file: string): boolean {
  const name = packageNameOf(file);
  if (name === 'class-validator') return true;
  return name === '@framework/core' && /\/validation\/decorators\.(d\.)?ts$/.test(file);
}

/**
 * What a decorator names, as framework-build reads it: the expression it calls (`@Get('/a')`) or
 * applies (`@Get`), seen through what only changes its type or grouping (parentheses, `as`,
 * `satisfies`, a non-null `!`, `<T>` assertions), so `@(Get as any)('/a')` is read as `@Get('/a')`.
 *
 * @example
 * decoratorCallee(decorator).getText() // 'Get' for `@((Get satisfies unknown))('/a')`
 */
export function decoratorCallee(decorator: Decorator): Node {
  const call = decorator.getCallExpression();
  return withoutTypeWrappers(call ? call.getExpression() : decorator.getExpression());
}

/**
 * The expression inside parentheses, `as`, `satisfies`, a non-null `!` and `<T>` assertions: the
 * same value at run time.
 *
 * @example
 * withoutTypeWrappers(node).getText() // 'C' for `(C as any)!`
 */
export function withoutTypeWrappers(node: Node): Node {
  while (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node) || Node.isNonNullExpression(node) || Node.isTypeAssertion(node)) {
    node = node.getExpression();
  }
  return node;
}

/**
 * The declaration a decorator names when it is a name (`Get`, `core.Get`, an alias) once seen
 * through type-only wrappers (`decoratorCallee`); undefined for any other expression.
 *
 * @example
 * resolveDecorator(decorator)?.name // 'Get' for `@(Get as any)('/a')`
 */
export function resolveDecorator(decorator: Decorator): ResolvedName | undefined {
  const callee = decoratorCallee(decorator);
  if (!Node.isIdentifier(callee) && !Node.isPropertyAccessExpression(callee)) return undefined;
  return resolveName(callee);
}
