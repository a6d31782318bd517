import { Node, type ClassDeclaration, type TypeNode } from 'ts-morph';
import type { DtoIR, DtoMemberIR, ValueRef } from '../ir/types.js';
import type { DiscoverContext } from './context.js';
import { classOfType } from './refs.js';
import { validatorDecorators } from './symbols.js';

/**
 * The members of a `@Body()` class (inherited ones first, in declaration order) with their
 * class-validator decorators, and the nested DTO classes of members typed with another validated
 * class or an array of one.
 *
 * @example
 * discoverDto(ctx, createTodoDtoClass, ref).members.map((m) => m.name) // ['name', 'priority', 'colorLabel']
 */
export function discoverDto(ctx: DiscoverContext, declaration: ClassDeclaration, ref: ValueRef, stack: ReadonlySet<string> = new Set()): DtoIR {
  const inner = new Set(stack).add(ref.key);
  const members: DtoMemberIR[] = [];
  for (const cls of lineage(declaration)) {
    for (const property of cls.getProperties()) {
      if (property.isStatic()) continue;
      const nested = nestedOf(ctx, property.getTypeNode(), inner);
      members.push({
        name: property.getName(),
        location: ctx.location(property.getNameNode()),
        validators: validatorDecorators(property),
        ...(nested ? { nested } : {}),
      });
    }
  }
  return { ref, location: ctx.location(declaration.getNameNode() ?? declaration), members };
}

/** Base classes first, then the class itself. */
function lineage(cls: ClassDeclaration): ClassDeclaration[] {
  const chain: ClassDeclaration[] = [];
  for (let c: ClassDeclaration | undefined = cls; c && chain.length < 20; c = c.getBaseClass()) chain.unshift(c);
  return chain;
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
  if (!cls || stack.has(cls.ref.key) || !isValidated(cls.declaration)) return undefined;
  return { dto: discoverDto(ctx, cls.declaration, cls.ref, stack), each };
}

/** Whether any member of the class (or its bases) carries a class-validator decorator. */
function isValidated(cls: ClassDeclaration): boolean {
  return lineage(cls).some((c) => c.getProperties().some((p) => validatorDecorators(p).length > 0));
}
