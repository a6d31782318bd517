/**
 * The message types of the app's unary RPCs as the dashboard's explorer needs them: each field's
 * name, type and kind, so the page can make a form of the request and the dashboard can encode it.
 * Read with protobufjs from the `.proto` file of each service's `loadProto` call, with the options
 * it was read with (field names in camelCase under `keepCase: false`, its include directories).
 */
import protobuf from 'protobufjs';
import { loadProtoRoot } from '../../proto/load.js';
import type { ProtoReadOptions } from '../../proto/types.js';

/** One field of a message. */
export interface MessageField {
  readonly name: string;
  /** A scalar (`string`, `uint32`, `bool`, `bytes`…), or the full name of a message or enum (`todo.Todo`). */
  readonly type: string;
  readonly kind: 'scalar' | 'enum' | 'message';
  readonly repeated?: true;
  /** A `map<key, value>` field: the key's scalar type (`type` is the value's). */
  readonly mapKey?: string;
  /** An enum's value names. */
  readonly values?: readonly string[];
  /** The oneof it belongs to. */
  readonly oneof?: string;
}

/** A message type: its full name and fields. */
export interface MessageShape {
  readonly type: string;
  readonly fields: readonly MessageField[];
}

/** Where a service's messages are read from: the `.proto` of its `loadProto` call and its read options. */
export interface ProtoSource {
  readonly file: string;
  readonly options: ProtoReadOptions;
}

/**
 * Loads `source` the way the runtime's `loadProto` reads it (the compiler's own reading of it).
 *
 * @example
 * loadRoot({ file: '/app/src/todo.proto', options: {} }).lookupType('todo.Todo')
 */
export function loadRoot(source: ProtoSource): protobuf.Root {
  return loadProtoRoot(source.file, source.options);
}

/**
 * The shape of one message type of `root`.
 *
 * @example
 * shapeOf(root, 'todo.GetTodoRequest') // { type: 'todo.GetTodoRequest', fields: [{ name: 'id', type: 'string', kind: 'scalar' }] }
 */
export function shapeOf(root: protobuf.Root, type: string): MessageShape {
  const message = root.lookupType(type);
  const fields = message.fieldsArray.map((field): MessageField => {
    field.resolve();
    const resolved = field.resolvedType;
    const kind = resolved instanceof protobuf.Enum ? 'enum' : resolved instanceof protobuf.Type ? 'message' : 'scalar';
    return {
      name: field.name,
      type: resolved ? resolved.fullName.replace(/^\./, '') : field.type,
      kind,
      ...(field.repeated ? { repeated: true as const } : {}),
      ...(field instanceof protobuf.MapField ? { mapKey: field.keyType } : {}),
      ...(resolved instanceof protobuf.Enum ? { values: Object.keys(resolved.values) } : {}),
      ...(field.partOf ? { oneof: field.partOf.name } : {}),
    };
  });
  return { type: message.fullName.replace(/^\./, ''), fields };
}
