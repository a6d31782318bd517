import { forEachField, LENGTH_DELIMITED } from './protobuf-wire.js';

/**
 * The schema of a loaded `.proto`, read from the serialized `FileDescriptorProto`s that
 * `@grpc/proto-loader` keeps on every message definition (`fileDescriptorProtos`): which message
 * types exist, what their fields are, and which type each RPC takes. Read once, at init.
 */

/** Descriptor numbers (google/protobuf/descriptor.proto) read from the `.proto` files the definition was loaded from. */
const FILE = { package: 2, messageType: 4, service: 6 } as const;
const MESSAGE = { name: 1, field: 2, nestedType: 3 } as const;
const FIELD = { name: 1, number: 3, type: 5, typeName: 6 } as const;
const SERVICE = { name: 1, method: 2 } as const;
const METHOD = { name: 1, inputType: 2 } as const;
/** Field types of `FieldDescriptorProto.type`. */
export const TYPE_STRING = 9;
export const TYPE_MESSAGE = 11;

/** What the index keeps of one field. */
export interface FieldFacts {
  name: string;
  number: number;
  type: number;
  typeName: string;
}

/** Every message type (by `.package.Name`) and every RPC's input type (by `/package.Service/Method`) of some `.proto` files. */
export interface ProtoIndex {
  readonly messages: Map<string, FieldFacts[]>;
  readonly inputTypes: Map<string, string>;
}

const text = (bytes: Uint8Array, start: number, end: number) => Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('utf8');

/**
 * The fields of `[from, to)`: the last value of each singular one (text when length-delimited, a
 * number when a varint), and `repeated[number](start, end)` called with each repeated one's bytes.
 */
function readMessage(bytes: Uint8Array, from: number, to: number, repeated: Record<number, (start: number, end: number) => void>): Map<number, string | number> {
  const values = new Map<number, string | number>();
  forEachField(bytes, from, to, (field, wire, start, end) => {
    if (repeated[field] && wire === LENGTH_DELIMITED) repeated[field]!(start, end);
    else if (wire === LENGTH_DELIMITED) values.set(field, text(bytes, start, end));
    else if (wire === 0) values.set(field, varintAt(bytes, start));
    return true;
  });
  return values;
}

/** A small varint (a field number or an enum) at `at`. */
function varintAt(bytes: Uint8Array, at: number): number {
  let value = 0;
  for (let shift = 0, i = at; i < bytes.length && shift < 35; i++, shift += 7) {
    value |= (bytes[i]! & 0x7f) << shift;
    if (bytes[i]! < 0x80) break;
  }
  return value;
}

/**
 * Indexes serialized `FileDescriptorProto`s (as `@grpc/proto-loader` keeps them on each message
 * definition, `fileDescriptorProtos`).
 *
 * @example
 * const index = indexProtoFiles(definition.GetTodo.requestType.fileDescriptorProtos);
 * index.inputTypes.get('/todo.TodoService/GetTodo'); // '.todo.GetTodoRequest'
 */
export function indexProtoFiles(files: readonly Uint8Array[]): ProtoIndex {
  const messages = new Map<string, FieldFacts[]>();
  const inputTypes = new Map<string, string>();
  for (const file of files) {
    const bodies: [number, number][] = [];
    const services: [number, number][] = [];
    const facts = readMessage(file, 0, file.length, { [FILE.messageType]: (s, e) => bodies.push([s, e]), [FILE.service]: (s, e) => services.push([s, e]) });
    const pkg = facts.get(FILE.package);
    const scope = typeof pkg === 'string' && pkg !== '' ? `.${pkg}` : '';
    const addMessage = (start: number, end: number, parent: string): void => {
      const fields: FieldFacts[] = [];
      const nested: [number, number][] = [];
      const own = readMessage(file, start, end, {
        [MESSAGE.field]: (s, e) => {
          const field = readMessage(file, s, e, {});
          fields.push({ name: String(field.get(FIELD.name) ?? ''), number: Number(field.get(FIELD.number) ?? 0), type: Number(field.get(FIELD.type) ?? 0), typeName: String(field.get(FIELD.typeName) ?? '') });
        },
        [MESSAGE.nestedType]: (s, e) => nested.push([s, e]),
      });
      const name = `${parent}.${String(own.get(MESSAGE.name))}`;
      messages.set(name, fields);
      for (const [s, e] of nested) addMessage(s, e, name);
    };
    for (const [start, end] of bodies) addMessage(start, end, scope);
    for (const [start, end] of services) {
      const methods: [number, number][] = [];
      const service = readMessage(file, start, end, { [SERVICE.method]: (s, e) => methods.push([s, e]) });
      const serviceName = `${scope.slice(1)}${scope ? '.' : ''}${String(service.get(SERVICE.name))}`;
      for (const [s, e] of methods) {
        const method = readMessage(file, s, e, {});
        inputTypes.set(`/${serviceName}/${String(method.get(METHOD.name))}`, String(method.get(METHOD.inputType)));
      }
    }
  }
  return { messages, inputTypes };
}

/**
 * The full name of the type `typeName` names from inside message `scope`, by the `.proto` scoping
 * rules: absolute when it starts with a dot, else looked up from the innermost scope outwards
 * (protobufjs writes the names as they were written, `Tag` for `.deep.Tag`).
 */
export function resolveType(index: ProtoIndex, typeName: string, scope: string): string | undefined {
  if (typeName.startsWith('.')) return index.messages.has(typeName) ? typeName : undefined;
  for (let outer = scope; ; outer = outer.slice(0, outer.lastIndexOf('.'))) {
    const candidate = `${outer}.${typeName}`;
    if (index.messages.has(candidate)) return candidate;
    if (outer === '') return undefined;
  }
}
