import { getMetadataStorage, type MetadataStorage } from 'class-validator';
import type { Class } from '../types/class.js';

/** The rules of one DTO member, in source order, with each rule's arguments. */
export type MemberRules = ReadonlyMap<string, readonly unknown[]>;

/** class-validator's rules of one DTO (its `ValidationMetadata` type is not exported). */
export type DtoMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;

/**
 * class-validator's metadata of a DTO (its own and inherited rules). Read once per DTO at init and
 * shared by everything prepared from it: each lookup filters the global storage.
 *
 * @example
 * const metadata = validationMetadataOf(CreateTodoDto); rulesOf(metadata); nestedShapeRules(metadata);
 */
export function validationMetadataOf(dto: Class): DtoMetadata {
  return getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
}

/**
 * Turns a DTO's metadata (`validationMetadataOf`) into a catalogue, once at init, so that per
 * request turning errors into reasons is a map lookup: rule name → arguments, and the rules'
 * order in the source.
 */
export function rulesOf(metadata: DtoMetadata): ReadonlyMap<string, MemberRules> {
  const byMember = new Map<string, [string, readonly unknown[]][]>();
  for (const meta of metadata) {
    const rule = meta.name ?? meta.type;
    const list = byMember.get(meta.propertyName) ?? [];
    list.push([rule, meta.constraints ?? []]);
    byMember.set(meta.propertyName, list);
  }
  const rules = new Map<string, MemberRules>();
  for (const [member, list] of byMember) {
    // Decorators run bottom-up, so registration order is the reverse of the source order.
    rules.set(member, new Map(list.reverse()));
  }
  return rules;
}
