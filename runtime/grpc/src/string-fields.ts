import { isUtf8 } from 'node:buffer';
import { resolveType, TYPE_MESSAGE, TYPE_STRING, type ProtoIndex } from './proto-descriptors.js';
import { forEachField, LENGTH_DELIMITED } from './protobuf-wire.js';

/**
 * proto3 requires `string` fields to hold valid UTF-8, and protobufjs decodes invalid bytes to
 * U+FFFD without a word: a client could store text it never sent. This module finds, once per
 * message type at init, which fields are strings (directly or inside nested messages, map
 * entries included), so a call's bytes can be checked in one pass before they are decoded.
 */

/** How deep the check follows nested messages (protobuf's default recursion limit). */
const MAX_DEPTH = 100;

/** The string fields of one message type: a field number → its name, and its own plan when it is a message holding strings. */
export type StringFieldPlan = Map<number, { readonly name: string; readonly nested?: StringFieldPlan }>;

/**
 * The string fields of message type `typeName` (`.package.Name`), or undefined when it holds
 * none at any depth (then nothing needs checking). Recursive types are followed once.
 *
 * @example
 * stringFieldPlan(index, '.todo.CreateTodoRequest'); // Map { 1 => { name: 'title' } }
 */
export function stringFieldPlan(index: ProtoIndex, typeName: string): StringFieldPlan | undefined {
  const plans = new Map<string, StringFieldPlan>();
  const build = (name: string): StringFieldPlan => {
    const known = plans.get(name);
    if (known) return known;
    const plan: StringFieldPlan = new Map();
    plans.set(name, plan); // before the fields: a type that contains itself finds its plan here
    for (const field of index.messages.get(name) ?? []) {
      const nested = field.type === TYPE_MESSAGE ? resolveType(index, field.typeName, name) : undefined;
      if (field.type === TYPE_STRING) plan.set(field.number, { name: field.name });
      else if (nested) plan.set(field.number, { name: field.name, nested: build(nested) });
    }
    return plan;
  };
  const plan = build(typeName);
  // Drop submessages without strings at any depth, so the check never walks them.
  const holdsStrings = new Map<StringFieldPlan, boolean>();
  const hasStrings = (p: StringFieldPlan): boolean => {
    if (holdsStrings.has(p)) return holdsStrings.get(p)!;
    holdsStrings.set(p, false); // a cycle adds nothing by itself
    let found = false;
    for (const entry of p.values()) if (!entry.nested || hasStrings(entry.nested)) found = true;
    holdsStrings.set(p, found);
    return found;
  };
  for (const p of plans.values()) {
    for (const [number, entry] of p) if (entry.nested && !hasStrings(entry.nested)) p.delete(number);
  }
  return plan.size > 0 ? plan : undefined;
}

/**
 * The dotted path of the first string field of `bytes` that is not valid UTF-8 (`title`,
 * `item.tags`), or undefined. One pass over the bytes; malformed Protobuf is left to the decoder.
 *
 * @example
 * invalidStringField(plan, Buffer.from([0x0a, 0x01, 0xff])); // 'title'
 */
export function invalidStringField(plan: StringFieldPlan, bytes: Uint8Array, from = 0, to = bytes.length, depth = 0): string | undefined {
  // Deeper than protobuf's usual recursion limit: left to the decoder, which refuses such nesting.
  if (depth > MAX_DEPTH) return undefined;
  let found: string | undefined;
  forEachField(bytes, from, to, (field, wire, start, end) => {
    const entry = wire === LENGTH_DELIMITED ? plan.get(field) : undefined;
    if (!entry) return true;
    if (!entry.nested) {
      if (!isUtf8(bytes.subarray(start, end))) found = entry.name;
    } else {
      const inner = invalidStringField(entry.nested, bytes, start, end, depth + 1);
      if (inner !== undefined) found = `${entry.name}.${inner}`;
    }
    return found === undefined;
  });
  return found;
}
