import type protobuf from 'protobufjs';
import { protobufjs } from './protobufjs.js';

const NUMBER = new Set(['double', 'float', 'int32', 'uint32', 'sint32', 'fixed32', 'sfixed32']);
/** 64-bit integers arrive as decimal strings (`longs: String` of loadProto), so no precision is lost. */
const LONG = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

const quote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const propertyName = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));

type Named = protobuf.Type | protobuf.Enum;

/** Every message and enum of the root, depth first in declaration order. */
function namedTypes(ns: protobuf.NamespaceBase, out: Named[] = []): Named[] {
  const { Enum, Namespace, Type } = protobufjs();
  for (const obj of ns.nestedArray) {
    if (obj instanceof Type || obj instanceof Enum) out.push(obj);
    if (obj instanceof Namespace || obj instanceof Type) namedTypes(obj, out);
  }
  return out;
}

/** The package of a type: the namespaces above it that are not messages. */
function packageOf(type: Named): string {
  let parent = type.parent;
  while (parent instanceof protobufjs().Type) parent = parent.parent;
  return parent ? parent.fullName.replace(/^\./, '') : '';
}

/**
 * TypeScript names of the types: the name inside its package, nested types joined with `_`
 * (`Outer_Inner`). When two packages declare the same name, the type of the loaded file keeps it
 * and the imported one is package-qualified (`common_Money`).
 */
function tsNames(types: readonly Named[], file: string): Map<Named, string> {
  const local = (t: Named): string => {
    const pkg = packageOf(t);
    const full = t.fullName.replace(/^\./, '');
    return (pkg ? full.slice(pkg.length + 1) : full).replace(/\./g, '_');
  };
  const counts = new Map<string, number>();
  for (const t of types) counts.set(local(t), (counts.get(local(t)) ?? 0) + 1);
  const qualified = (t: Named): string => t.fullName.replace(/^\./, '').replace(/\./g, '_');
  return new Map(types.map((t) => [t, counts.get(local(t))! > 1 && t.filename !== file ? qualified(t) : local(t)]));
}

function scalarType(type: string): string | undefined {
  if (NUMBER.has(type)) return 'number';
  if (LONG.has(type)) return 'string';
  if (type === 'bool') return 'boolean';
  if (type === 'string') return 'string';
  if (type === 'bytes') return 'Buffer';
  return undefined;
}

function valueType(field: protobuf.Field, names: ReadonlyMap<Named, string>): string {
  const scalar = scalarType(field.type);
  if (scalar) return scalar;
  const resolved = field.resolvedType as Named | null;
  return resolved ? (names.get(resolved) ?? 'unknown') : 'unknown';
}

function fieldLine(field: protobuf.Field, names: ReadonlyMap<Named, string>): string {
  const value = valueType(field, names);
  const key = propertyName(field.name);
  if (field instanceof protobufjs().MapField) return `  ${key}: Record<string, ${value}>;`;
  if (field.repeated) return `  ${key}: ${value}[];`;
  // A field of a oneof (proto3 `optional` included) is set only when sent; a message field defaults to null.
  if (field.partOf) return `  ${key}?: ${value};`;
  if (field.resolvedType instanceof protobufjs().Type) return `  ${key}: ${value} | null;`;
  return `  ${key}: ${value};`;
}

function messageSource(type: protobuf.Type, names: ReadonlyMap<Named, string>): string {
  const lines = [`/** \`${type.fullName.replace(/^\./, '')}\` */`, `export interface ${names.get(type)} {`];
  for (const field of type.fieldsArray) lines.push(fieldLine(field, names));
  for (const oneof of type.oneofsArray) {
    // `oneofs: true`: the virtual field names the member that is set.
    const members = oneof.fieldsArray.map((f) => quote(f.name)).join(' | ');
    lines.push(`  ${propertyName(oneof.name)}?: ${members};`);
  }
  lines.push('}');
  return lines.join('\n');
}

function enumSource(type: protobuf.Enum, names: ReadonlyMap<Named, string>): string {
  // `enums: String`: values arrive by name.
  const values = Object.keys(type.values).map(quote);
  return [`/** \`${type.fullName.replace(/^\./, '')}\` */`, `export type ${names.get(type)} = ${values.join(' | ') || 'never'};`].join('\n');
}

/**
 * TypeScript types for the messages and enums of a loaded `.proto` (its imports included), as
 * `loadProto` decodes them: field names as read (`keepCase`), 64-bit integers as strings, enums by
 * name, unset scalars filled with their defaults, message fields `null` when unset, `oneof` members
 * optional with the oneof's name telling which is set, `bytes` as Buffer, maps as records.
 *
 * @example
 * typesSource(root, '/r/src/todo/todo.proto') // 'export interface GetTodoRequest {\n  id: string;\n}\n…'
 */
export function typesSource(root: protobuf.Root, file: string): string {
  const types = namedTypes(root);
  const names = tsNames(types, file);
  return types.map((t) => (t instanceof protobufjs().Type ? messageSource(t, names) : enumSource(t, names))).join('\n\n');
}
