import protobuf from 'protobufjs';
import { TYPE_MESSAGE, TYPE_STRING, type FieldFacts, type ProtoIndex } from './proto-descriptors.js';

/**
 * The message types of a resolved protobufjs root as a `ProtoIndex`, the same facts
 * `indexProtoFiles` reads from serialized descriptors, taken from the parsed schema instead, so
 * no descriptor has to be made. A map field is listed, as in a descriptor, as a repeated
 * `<Name>Entry` message with its key (field 1) and value (field 2). `inputTypes` stays empty:
 * the caller holds each RPC's request type.
 *
 * @example
 * indexProtoRoot(root).messages.get('.todo.CreateTodoRequest'); // [{ name: 'title', number: 1, type: 9, typeName: '' }]
 */
export function indexProtoRoot(root: protobuf.Root): ProtoIndex {
  const messages = new Map<string, FieldFacts[]>();
  const facts = (name: string, number: number, type: string, resolved: protobuf.ReflectionObject | null): FieldFacts => {
    if (type === 'string') return { name, number, type: TYPE_STRING, typeName: '' };
    if (resolved instanceof protobuf.Type) return { name, number, type: TYPE_MESSAGE, typeName: resolved.fullName };
    return { name, number, type: 0, typeName: '' };
  };
  const visit = (node: protobuf.ReflectionObject): void => {
    if (node instanceof protobuf.Type) {
      const fields: FieldFacts[] = [];
      for (const field of node.fieldsArray) {
        if (field instanceof protobuf.MapField) {
          const entry = `${node.fullName}.${field.name[0]!.toUpperCase()}${field.name.slice(1)}Entry`;
          messages.set(entry, [facts('key', 1, field.keyType, null), facts('value', 2, field.type, field.resolvedType)]);
          fields.push({ name: field.name, number: field.id, type: TYPE_MESSAGE, typeName: entry });
        } else {
          fields.push(facts(field.name, field.id, field.type, field.resolvedType));
        }
      }
      messages.set(node.fullName, fields);
    }
    if (node instanceof protobuf.Namespace) for (const child of node.nestedArray) visit(child);
  };
  visit(root);
  return { messages, inputTypes: new Map() };
}
