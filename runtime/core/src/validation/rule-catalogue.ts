import { getMetadataStorage } from 'class-validator';
import type { Class } from '../tables.js';

/** The rules of one DTO member, in source order, with each rule's arguments. */
export type MemberRules = ReadonlyMap<string, readonly unknown[]>;

/**
 * Reads class-validator's metadata of a DTO once (at init) so that, per request, turning errors
 * into reasons is a map lookup: rule name → arguments, and the rules' order in the source.
 */
export function rulesOf(dto: Class): ReadonlyMap<string, MemberRules> {
  const byMember = new Map<string, [string, readonly unknown[]][]>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
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
