import { Node, type Type } from 'ts-morph';
import type { DiscoverContext } from './context.js';
import { families } from './families/index.js';
import { frameworkDecorators, withoutTypeWrappers } from './symbols.js';

/** The class decorators that make a class part of the application: a module, an injectable, a controller of any family. */
export const CLASS_MARKERS: ReadonlySet<string> = new Set(['Module', 'Injectable', ...families.map((f) => f.classDecorator)]);

/** Where a class is that framework-build cannot read, and the mixin factory it is made in (one whose parameter it extends), if any. */
interface Place {
  readonly where: string;
  readonly mixin?: string;
}

/**
 * FW1017: a class marked by `@Module`, `@Injectable` or a controller decorator, declared where
 * framework-build does not read classes: inside a function or a block, or as a class expression
 * (`export const C = @Controller() class {}`, a class returned by a mixin factory). Discovery
 * reads the top-level classes of each file, the only ones generated code can import, so without
 * this such a class would surface only as "not static" (FW1004) where it is listed. At the class
 * name, or at the decorator of an anonymous class; once per class.
 *
 * @example
 * // export function make() { @Controller('/c') class Local {} return Local; }
 * checkClassPlacement(ctx, localClass, decorator, '@Controller', new Set()); // FW1017: Local is … declared inside function make
 */
export function checkClassPlacement(ctx: DiscoverContext, cls: Node, decorator: Node, marker: string, reported: Set<Node>): void {
  if (reported.has(cls)) return;
  const place = unreadablePlace(cls);
  if (!place) return;
  reported.add(cls);
  const name = Node.isClassDeclaration(cls) || Node.isClassExpression(cls) ? cls.getName() : undefined;
  const assigned = assignedName(cls);
  const at = (Node.isClassDeclaration(cls) || Node.isClassExpression(cls) ? cls.getNameNode() : undefined) ?? decorator;
  ctx.report('FW1017', at, {
    name: name ?? assigned ?? 'An anonymous class',
    decorator: marker,
    where: place.where,
    suggested: name ?? assigned ?? 'Name',
    ...(place.mixin ? { mixin: place.mixin } : {}),
  });
}

/**
 * Whether a `controllers`, `imports` or `injectables` entry (or a `useClass`) denotes, by its type,
 * a framework-marked class that FW1017 reports where it is declared: the entry then needs no
 * diagnostic of its own.
 *
 * @example
 * deniedByPlacement(element) // true for `C` of `export const C = make();`
 */
export function deniedByPlacement(entry: Node): boolean {
  const type = withoutTypeWrappers(entry).getType();
  return typeParts(type).some((part) =>
    (part.getSymbol()?.getDeclarations() ?? []).some(
      (d) => (Node.isClassDeclaration(d) || Node.isClassExpression(d)) && unreadablePlace(d) !== undefined && frameworkDecorators(d).some((x) => CLASS_MARKERS.has(x.name)),
    ),
  );
}

const typeParts = (type: Type): Type[] => (type.isIntersection() ? type.getIntersectionTypes() : type.isUnion() ? type.getUnionTypes() : [type]);

/**
 * Where a class is, when that is not a place discovery reads: undefined for a class declared at
 * the top level of a file, or of a namespace (FW1007 says how to import that one).
 */
function unreadablePlace(cls: Node): Place | undefined {
  if (Node.isClassDeclaration(cls)) {
    const parent = cls.getParent();
    if (Node.isSourceFile(parent) || Node.isModuleBlock(parent)) return undefined;
    const fn = enclosingFunction(cls);
    if (!fn) return { where: 'declared inside a block' };
    return { where: `declared inside ${functionName(fn)}`, ...mixinOf(fn, cls) };
  }
  if (!Node.isClassExpression(cls)) return undefined;
  const assigned = assignedName(cls);
  const fn = enclosingFunction(cls);
  if (fn && returnedFrom(cls, fn)) return { where: `a class expression returned by ${functionName(fn)}`, ...mixinOf(fn, cls) };
  // `const C = class Inner {}`: the name it is known by outside is the variable's.
  const as = assigned && cls.getName() !== undefined && cls.getName() !== assigned ? ` assigned to ${assigned}` : '';
  return { where: `a class expression${as}${fn ? ` inside ${functionName(fn)}` : ', not a class declaration'}` };
}

/** The nearest function, method or accessor around `node`. */
function enclosingFunction(node: Node): Node | undefined {
  return node.getFirstAncestor(isFunctionLike);
}

const isFunctionLike = (node: Node): boolean =>
  Node.isFunctionDeclaration(node) ||
  Node.isFunctionExpression(node) ||
  Node.isArrowFunction(node) ||
  Node.isMethodDeclaration(node) ||
  Node.isConstructorDeclaration(node) ||
  Node.isGetAccessorDeclaration(node) ||
  Node.isSetAccessorDeclaration(node);

/** `function make`, `method Factory.build`, or how an anonymous function is reached. */
function functionName(fn: Node): string {
  if (Node.isFunctionDeclaration(fn) || Node.isFunctionExpression(fn)) {
    const name = fn.getName() ?? assignedName(fn);
    return name ? `function ${name}` : 'an anonymous function';
  }
  if (Node.isArrowFunction(fn)) {
    const name = assignedName(fn);
    return name ? `function ${name}` : 'an arrow function';
  }
  if (Node.isConstructorDeclaration(fn)) return 'a constructor';
  const owner = fn.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
  const ownerName = owner && (Node.isClassDeclaration(owner) || Node.isClassExpression(owner)) ? owner.getName() : undefined;
  const member = (fn as Node & { getName?: () => string }).getName?.() ?? '';
  return `method ${ownerName ? `${ownerName}.` : ''}${member}`;
}

/** The variable a class or function expression is assigned to, seen through type-only wrappers. */
function assignedName(node: Node): string | undefined {
  let parent = node.getParent();
  while (parent && withoutTypeWrappers(parent) === node) {
    node = parent;
    parent = parent.getParent();
  }
  return Node.isVariableDeclaration(parent) || Node.isPropertyAssignment(parent) ? parent.getName() : undefined;
}

/** A function whose class extends one of its parameters is a mixin factory: named in the hint, which says how to use its result. */
function mixinOf(fn: Node, cls: Node): { mixin?: string } {
  if (!Node.isClassDeclaration(cls) && !Node.isClassExpression(cls)) return {};
  const base = cls.getExtends()?.getExpression().getText();
  const params = Node.isParametered(fn) ? fn.getParameters() : [];
  if (base === undefined || !params.some((p) => p.getName() === base)) return {};
  const name = Node.isFunctionDeclaration(fn) || Node.isFunctionExpression(fn) ? (fn.getName() ?? assignedName(fn)) : Node.isArrowFunction(fn) ? assignedName(fn) : undefined;
  return name ? { mixin: name } : {};
}

/** Whether a class expression is the value a function returns (`return class …`, `() => class …`). */
function returnedFrom(cls: Node, fn: Node): boolean {
  let node: Node = cls;
  let parent = node.getParent();
  while (parent && withoutTypeWrappers(parent) === node) {
    node = parent;
    parent = parent.getParent();
  }
  return Node.isReturnStatement(parent) || (Node.isArrowFunction(parent) && parent === fn && parent.getBody() === node);
}
