import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';
import type { PackageDefinition } from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import { descriptorObjectOf, fileDescriptorsOf } from './lazy-descriptors.js';

/**
 * grpc-js definitions built from a resolved protobufjs root, in the shape `@grpc/proto-loader`
 * gives (so `loadPackageDefinition`, reflection and clients read them alike), without its
 * start-up cost: proto-loader loads protobufjs's own descriptor schema and encodes every file's
 * `FileDescriptorProto` when a schema loads, which only reflection reads. Here the descriptor
 * parts of a message or enum definition (`type`, `fileDescriptorProtos`) are made on first read.
 */

/** How decoded messages are converted to plain objects (proto-loader's options of the same names). */
export type ConversionOptions = protobuf.IConversionOptions;

/** A message or enum entry of the package definition (proto-loader's `MessageTypeDefinition` / `EnumTypeDefinition`). */
interface TypeDefinition {
  readonly format: string;
  readonly type: object;
  readonly fileDescriptorProtos: readonly Buffer[];
  readonly serialize?: (value: unknown) => Buffer;
  readonly deserialize?: (bytes: Buffer) => unknown;
}

/** The message type each method definition built here decodes its requests into (read by the UTF-8 checks). */
const requestTypes = new WeakMap<object, protobuf.Type>();

/**
 * The protobufjs type of the requests of `method`, when `method` was built here.
 *
 * @example
 * requestTypeOf(proto.todo.TodoService.service.GetTodo); // Type .todo.GetTodoRequest
 */
export function requestTypeOf(method: object): protobuf.Type | undefined {
  return requestTypes.get(method);
}

function serializerOf(type: protobuf.Type): (value: unknown) => Buffer {
  return (value) => {
    if (Array.isArray(value)) throw new Error(`Failed to serialize message: expected object with ${type.name} structure, got array instead`);
    return type.encode(type.fromObject(value as Record<string, unknown>)).finish() as Buffer;
  };
}

function deserializerOf(type: protobuf.Type, conversion: ConversionOptions): (bytes: Buffer) => unknown {
  return (bytes) => type.toObject(type.decode(bytes), conversion);
}

/** An object whose `type` and `fileDescriptorProtos` are computed on first read, then kept. */
function withLazyDescriptors<T extends object>(fields: T, root: protobuf.Root, describe: () => object): T & TypeDefinition {
  let type: object | undefined;
  return Object.defineProperties(fields, {
    type: { enumerable: true, get: () => (type ??= describe()) },
    fileDescriptorProtos: { enumerable: true, get: () => fileDescriptorsOf(root) },
  }) as T & TypeDefinition;
}

/** lowerCamelCase of an RPC name (`GetTodo` → `getTodo`, `get_todo` → `getTodo`): grpc-js adds it to clients as an alias. */
function lowerCamel(name: string): string {
  const words = name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [name];
  return words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase())).join('');
}

/** A method's options as proto-loader lists them (`deprecated`, `idempotency_level`, custom ones). */
function methodOptions(parsed: readonly Record<string, unknown>[] | undefined): Record<string, unknown> {
  const options: Record<string, unknown> = { deprecated: false, idempotency_level: 'IDEMPOTENCY_UNKNOWN', uninterpreted_option: [] };
  for (const item of parsed ?? []) {
    for (const [key, value] of Object.entries(item)) {
      if (key === 'uninterpreted_option') (options.uninterpreted_option as unknown[]).push(value);
      else options[key] = value;
    }
  }
  return options;
}

/** Builds the definitions of one resolved root, sharing one message definition per type. */
class DefinitionBuilder {
  private readonly messages = new Map<protobuf.Type, TypeDefinition>();

  constructor(
    private readonly root: protobuf.Root,
    private readonly conversion: ConversionOptions,
  ) {}

  message(type: protobuf.Type): TypeDefinition {
    let definition = this.messages.get(type);
    if (!definition) {
      const fields = { format: 'Protocol Buffer 3 DescriptorProto', serialize: serializerOf(type), deserialize: deserializerOf(type, this.conversion) };
      definition = withLazyDescriptors(fields, this.root, () => descriptorObjectOf(type));
      this.messages.set(type, definition);
    }
    return definition;
  }

  enumeration(type: protobuf.Enum): TypeDefinition {
    return withLazyDescriptors({ format: 'Protocol Buffer 3 EnumDescriptorProto' }, this.root, () => descriptorObjectOf(type));
  }

  service(service: protobuf.Service, fullName: string): ServiceDefinition {
    const definition: Record<string, MethodDefinition<unknown, unknown>> = {};
    for (const method of service.methodsArray) {
      // resolveAll() ran: both types are resolved.
      const request = this.message(method.resolvedRequestType!);
      const response = this.message(method.resolvedResponseType!);
      const entry = {
        path: `/${fullName}/${method.name}`,
        requestStream: !!method.requestStream,
        responseStream: !!method.responseStream,
        requestSerialize: request.serialize!,
        requestDeserialize: request.deserialize!,
        responseSerialize: response.serialize!,
        responseDeserialize: response.deserialize!,
        originalName: lowerCamel(method.name),
        requestType: request,
        responseType: response,
        options: methodOptions(method.parsedOptions as Record<string, unknown>[] | undefined),
      };
      requestTypes.set(entry, method.resolvedRequestType!);
      definition[method.name] = entry;
    }
    return definition;
  }
}

/**
 * The package definition of a resolved root (services, messages and enums by full name), as
 * `@grpc/proto-loader`'s `loadSync` returns it.
 *
 * @example
 * const root = new protobuf.Root().loadSync('todo.proto', { keepCase: true });
 * root.resolveAll();
 * loadPackageDefinition(packageDefinitionOf(root, { longs: String, defaults: true }));
 */
export function packageDefinitionOf(root: protobuf.Root, conversion: ConversionOptions): PackageDefinition {
  const builder = new DefinitionBuilder(root, conversion);
  const definition: Record<string, unknown> = {};
  const visit = (node: protobuf.ReflectionObject, prefix: string): void => {
    const name = prefix === '' ? node.name : `${prefix}.${node.name}`;
    if (node instanceof protobuf.Service) definition[name] = builder.service(node, name);
    else if (node instanceof protobuf.Type) definition[name] = builder.message(node);
    else if (node instanceof protobuf.Enum) definition[name] = builder.enumeration(node);
    else if (node instanceof protobuf.Namespace) for (const child of node.nestedArray) visit(child, name);
  };
  for (const child of root.nestedArray) visit(child, '');
  return definition as PackageDefinition;
}
