import { Node, type ClassDeclaration, type MethodDeclaration, type PropertyDeclaration, type TypeNode } from 'ts-morph';
import { resolveName } from './symbols.js';

/**
 * One class of a lineage with the members declared there. A class whose base is an expression
 * (`extends PartialType(CreateTodoDto)`, a mixin `extends Timestamped(Base)`) ends its lineage with
 * one level read from the base's type: the declarations of that type's members, wherever they are.
 */
export interface Level {
  /** The class, when the level is a class declaration (not a level read from a base expression's type). */
  readonly cls?: ClassDeclaration;
  /** The `extends` expression of the class above, for a level read from its type. */
  readonly expression?: Node;
  /**
   * For a level read from a type: the type does not say what the members are (it is `any`, or has
   * members declared outside any class, like those of an object type), so some may be missing.
   */
  readonly opaque?: boolean;
  readonly methods: readonly MethodDeclaration[];
  readonly properties: readonly PropertyDeclaration[];
  /**
   * A type as the lineage's first class sees it: a bare type parameter of this level's class
   * (`T` in `class CrudController<T>`) becomes the type argument the classes below bind it to
   * (`extends CrudController<Todo>`); any other type node is returned as is.
   */
  bind(typeNode: TypeNode | undefined): TypeNode | undefined;
}

/** How deep a lineage is followed (guards against a cycle the type checker already rejects). */
const MAX_DEPTH = 20;

/**
 * The class and its base classes, the class first. Bases are followed through their declarations
 * (also into `.d.ts` files of packages, whose decorators are erased, so nothing there reads as
 * decorated); an expression base ends the lineage with a level read from its type.
 *
 * @example
 * lineage(todoControllerClass).map((l) => l.cls?.getName()) // ['TodoController', 'CrudController']
 */
export function lineage(cls: ClassDeclaration): Level[] {
  const levels: Level[] = [];
  const seen = new Set<ClassDeclaration>();
  let bindings = new Map<object, TypeNode>();
  for (let current: ClassDeclaration | undefined = cls; current && !seen.has(current) && levels.length < MAX_DEPTH; ) {
    seen.add(current);
    levels.push(classLevel(current, bindings));
    const heritage = current.getExtends();
    if (!heritage) break;
    let expression: Node = heritage.getExpression();
    while (Node.isParenthesizedExpression(expression)) expression = expression.getExpression();
    const base = Node.isIdentifier(expression) || Node.isPropertyAccessExpression(expression) ? resolveName(expression)?.declaration : undefined;
    if (!Node.isClassDeclaration(base)) {
      levels.push(typeLevel(current, heritage.getExpression()));
      break;
    }
    const outer = bindings;
    const args = heritage.getTypeArguments().map((arg) => bindIn(outer, arg) ?? arg);
    bindings = new Map();
    base.getTypeParameters().forEach((parameter, i) => {
      const bound = args[i] ?? parameter.getDefault();
      if (bound) bindings.set(parameter.compilerNode, bound);
    });
    current = base;
  }
  return levels;
}

function classLevel(cls: ClassDeclaration, bindings: ReadonlyMap<object, TypeNode>): Level {
  return { cls, methods: cls.getMethods(), properties: cls.getProperties(), bind: (typeNode) => bindIn(bindings, typeNode) ?? typeNode };
}

/** The members of the instance type an `extends <expression>` clause gives `cls`. */
function typeLevel(cls: ClassDeclaration, expression: Node): Level {
  const methods: MethodDeclaration[] = [];
  const properties: PropertyDeclaration[] = [];
  const bases = cls.getType().getBaseTypes();
  let opaque = bases.length === 0 || bases.some((t) => t.isAny() || t.isUnknown());
  for (const base of bases) {
    for (const symbol of base.getProperties()) {
      const declarations = symbol.getDeclarations();
      // An overloaded method: the implementation carries the decorators.
      const method = declarations.filter((d) => Node.isMethodDeclaration(d)).find((d) => d.hasBody()) ?? declarations.find((d) => Node.isMethodDeclaration(d));
      const property = declarations.find((d) => Node.isPropertyDeclaration(d));
      if (method) methods.push(method);
      else if (property) properties.push(property);
      // Accessors and constructor parameter properties are known, just not body or handler members.
      else if (!declarations.some((d) => Node.isGetAccessorDeclaration(d) || Node.isSetAccessorDeclaration(d) || Node.isParameterDeclaration(d))) opaque = true;
    }
  }
  return { expression, opaque, methods, properties: baseFirst(properties), bind: (typeNode) => typeNode };
}

/** The type lists the most derived class's members first; a lineage lists base members first. */
function baseFirst(properties: readonly PropertyDeclaration[]): PropertyDeclaration[] {
  const byOwner = new Map<Node | undefined, PropertyDeclaration[]>();
  for (const p of properties) byOwner.set(p.getParent(), [...(byOwner.get(p.getParent()) ?? []), p]);
  return [...byOwner.values()].reverse().flat();
}

/** The type a bare reference to a bound type parameter stands for, else undefined. */
function bindIn(bindings: ReadonlyMap<object, TypeNode>, typeNode: TypeNode | undefined): TypeNode | undefined {
  if (bindings.size === 0 || !Node.isTypeReference(typeNode) || typeNode.getTypeArguments().length > 0) return undefined;
  const declaration = typeNode.getTypeName().getSymbol()?.getDeclarations()[0];
  return declaration ? bindings.get(declaration.compilerNode) : undefined;
}
