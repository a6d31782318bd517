import { Node, type ClassDeclaration, type PropertyDeclaration, type TypeNode } from 'ts-morph';
import type { DtoIR, DtoMemberIR, JsonValue, ValueRef } from '../ir/index.js';
import { notStatic, type DiscoverContext } from './context.js';
import { lineage } from './lineage.js';
import { memberName } from './member-name.js';
import { classOfType } from './refs.js';
import { evaluate, type StaticValue } from './static-value.js';
import { validatorDecorators } from './symbols.js';
import { declaredTypeOf, validatorRules } from './validator-rules.js';
import { docText } from './api/docs.js';

/**
 * The members of a `@Body()` class (inherited ones first, in declaration order) with their
 * class-validator decorators, and the nested DTO classes of members typed with another validated
 * class or an array of one. A member redeclared by a subclass keeps its first position and gets the
 * validators of every declaration (class-validator applies the base's ones too); one declared in a
 * `.d.ts` file is flagged `declaredInDeclarationFile`. Members of an expression base
 * (`extends PartialType(CreateTodoDto)`) are read from its type; FW1004 when that type names no
 * class members.
 *
 * @example
 * discoverDto(ctx, createTodoDtoClass, ref).members.map((m) => m.name) // ['name', 'priority', 'colorLabel']
 */
export function discoverDto(ctx: DiscoverContext, declaration: ClassDeclaration, ref: ValueRef, stack: ReadonlySet<string> = new Set()): DtoIR {
  const inner = new Set(stack).add(ref.key);
  const members = new Map<string, DtoMemberIR>();
  for (const { name, property, typeNode, depth } of bodyMembers(ctx, declaration, true)) {
    const nested = nestedOf(ctx, typeNode, inner);
    // Declaration files drop decorators: the validators of such a member are not readable.
    const erased = property.getSourceFile().isDeclarationFile();
    const first = members.get(name);
    const doc = docText(property) ?? first?.doc;
    const inherited = first ? first.inherited : depth;
    // A redeclaration without an initialiser may define the member anew (as `undefined`, under
    // `useDefineForClassFields`): the base's default is not counted on then. `declare` defines nothing.
    const initialiser = property.hasDeclareKeyword() ? first?.initialiser : initialiserOf(property);
    members.set(name, {
      name,
      location: first?.location ?? ctx.location(property.getNameNode()),
      validators: [...(first?.validators ?? []), ...validatorDecorators(property)],
      rules: [...(first?.rules ?? []), ...validatorRules(ctx, property)],
      ...(inherited ? { inherited } : {}),
      ...(first ? { redeclared: true as const } : {}),
      ...((first?.declaredType ?? declaredTypeOf(typeNode)) ? { declaredType: first?.declaredType ?? declaredTypeOf(typeNode)! } : {}),
      ...((erased || first?.declaredInDeclarationFile) ? { declaredInDeclarationFile: true as const } : {}),
      ...((nested ?? first?.nested) ? { nested: nested ?? first!.nested! } : {}),
      ...(doc ? { doc } : {}),
      ...(initialiser ? { initialiser } : {}),
    });
  }
  constructorNeedingArguments(ctx, declaration);
  // An opaque one is FW1004 already.
  const expression = lineage(declaration).find((level) => level.expression && !level.opaque)?.expression;
  const doc = docText(declaration);
  return {
    ref,
    location: ctx.location(declaration.getNameNode() ?? declaration),
    members: [...members.values()],
    ...(expression ? { expressionBase: expression.getText() } : {}),
    ...(doc ? { doc } : {}),
  };
}

/**
 * FW1706 when the constructor `new Dto()` runs (the class's own, or the nearest base's) has a
 * required parameter: the framework makes every DTO instance without arguments, as
 * class-transformer does, so such a parameter is `undefined` on every request. Bases from
 * declaration files or expressions are not judged (their bodies cannot be read).
 */
function constructorNeedingArguments(ctx: DiscoverContext, declaration: ClassDeclaration): void {
  for (const level of lineage(declaration)) {
    if (!level.cls || level.cls.getSourceFile().isDeclarationFile()) return;
    const constructor = level.cls.getConstructors().find((c) => c.isImplementation());
    if (!constructor) continue;
    const required = constructor.getParameters().find((p) => !p.isOptional() && !p.hasInitializer() && !p.isRestParameter());
    if (required) {
      const owner = level.cls.getName() ?? 'default';
      ctx.report('FW1706', required, { dto: declaration.getName() ?? 'default', owner, param: required.getName(), inherited: owner !== (declaration.getName() ?? 'default') ? 'yes' : '' });
    }
    return;
  }
}

interface BodyMember {
  readonly name: string;
  readonly property: PropertyDeclaration;
  /** The declared type, type parameters of generic bases bound (`T` of `Page<T>` read as `Todo`). */
  readonly typeNode: TypeNode | undefined;
  /** How many classes up the lineage it is declared: 0 for the class's own. */
  readonly depth: number;
}

/** Instance properties of the class and its bases, base first; `report` turns FW1004 on. */
function bodyMembers(ctx: DiscoverContext, cls: ClassDeclaration, report: boolean): BodyMember[] {
  const out: BodyMember[] = [];
  const levels = lineage(cls);
  for (let depth = levels.length - 1; depth >= 0; depth--) {
    const level = levels[depth]!;
    if (level.expression && level.opaque && report) {
      // The members of the base are not known, so neither are their validators.
      const what = `The base class of body class ${cls.getName() ?? 'default'}`;
      notStatic(ctx, level.expression, what, 'a class, or a call such as PartialType(CreateTodoDto) typed with the members of a class');
    }
    for (const property of level.properties) {
      // `#private` and static members are not part of a body.
      if (property.isStatic() || Node.isPrivateIdentifier(property.getNameNode())) continue;
      const name = memberName(property);
      if (name === undefined) {
        const owner = level.cls?.getName() ?? cls.getName() ?? 'default';
        if (report) notStatic(ctx, property.getNameNode(), `The name of a member of body class ${owner}`, 'an identifier or a string literal');
        continue;
      }
      out.push({ name, property, typeNode: level.bind(property.getTypeNode()), depth });
    }
  }
  return out;
}

function nestedOf(ctx: DiscoverContext, typeNode: TypeNode | undefined, stack: ReadonlySet<string>): DtoMemberIR['nested'] {
  let node: Node | undefined = typeNode;
  let each = false;
  if (Node.isUnionTypeNode(node)) {
    // `Address | undefined` (optional members) still nests Address.
    const real = node.getTypeNodes().filter((t) => !['undefined', 'null'].includes(t.getText()));
    node = real.length === 1 ? real[0] : undefined;
  }
  if (Node.isArrayTypeNode(node)) {
    node = node.getElementTypeNode();
    each = true;
  } else if (Node.isTypeReference(node) && ['Array', 'ReadonlyArray'].includes(node.getTypeName().getText()) && node.getTypeArguments().length === 1) {
    node = node.getTypeArguments()[0];
    each = true;
  }
  const cls = classOfType(ctx, node);
  // A class that refers back to one being read is not expanded again (the table is a tree).
  if (!cls || stack.has(cls.ref.key) || !isValidated(ctx, cls.declaration)) return undefined;
  return { dto: discoverDto(ctx, cls.declaration, cls.ref, stack), each };
}

/** Whether any member of the class (or its bases) carries a class-validator decorator the compiler can see. */
function isValidated(ctx: DiscoverContext, cls: ClassDeclaration): boolean {
  return bodyMembers(ctx, cls, false).some((m) => validatorDecorators(m.property).length > 0);
}

/**
 * What a member's initialiser gives a request that leaves the member out: `{ value }` for a JSON
 * literal (`limit = 20`, `tags = ['a']`, a `const` or enum member holding one), `{}` for a value
 * only known at run time (`since = Date.now()`). None for `undefined` or `null`, which the rules see.
 */
function initialiserOf(property: PropertyDeclaration): DtoMemberIR['initialiser'] {
  const initializer = property.getInitializer();
  if (!initializer) return undefined;
  const type = initializer.getType();
  if (type.isUndefined() || type.isNull()) return undefined;
  const evaluated = evaluate(initializer);
  return evaluated.ok && isJson(evaluated.value) ? { value: evaluated.value } : {};
}

function isJson(value: StaticValue): value is JsonValue {
  if (value === undefined) return false;
  if (value === null || typeof value !== 'object') return true;
  return (Array.isArray(value) ? (value as readonly StaticValue[]) : Object.values(value)).every(isJson);
}
