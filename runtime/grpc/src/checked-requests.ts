import { HttpException } from '@framework/core';
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';
import { requestTypeOf } from './proto-definitions.js';
import { indexProtoFiles, type ProtoIndex } from './proto-descriptors.js';
import { indexProtoRoot } from './proto-root-index.js';
import { invalidStringField, stringFieldPlan } from './string-fields.js';

/**
 * A request message refused before it was decoded. grpc-js gives no way to answer a status from
 * a deserializer (an exception there becomes INTERNAL "Error deserializing request"), so the
 * refusal travels in place of the message and is thrown where the call reads it: the chain
 * answers INVALID_ARGUMENT, with guards, telemetry and request logs as for any refused call.
 */
class RefusedMessage {
  constructor(readonly reason: string) {}
}

/**
 * The message itself, or, for a message refused before decoding, an INVALID_ARGUMENT error
 * naming why. Called wherever a handler's chain reads a request message.
 *
 * @example
 * const message = acceptedMessage(call.request);
 */
export function acceptedMessage(message: unknown): unknown {
  if (message instanceof RefusedMessage) throw new HttpException(400, message.reason);
  return message;
}

type AnyMethod = MethodDefinition<unknown, unknown> & { readonly requestType?: { readonly fileDescriptorProtos?: readonly Uint8Array[] } };

/** One index per loaded schema: a `loadProto` root, or the `fileDescriptorProtos` array every method of a proto-loader definition shares. */
const indexes = new WeakMap<object, ProtoIndex>();

function indexed<T extends object>(schema: T, index: (schema: T) => ProtoIndex): ProtoIndex {
  let found = indexes.get(schema);
  if (!found) indexes.set(schema, (found = index(schema)));
  return found;
}

/** The schema index and the request type name of `method`, or undefined when it carries no schema. */
function requestSchemaOf(method: AnyMethod): { index: ProtoIndex; typeName: string | undefined } | undefined {
  // Definitions from loadProto are read from the parsed schema: their descriptors are made only on demand.
  const type = requestTypeOf(method);
  if (type) return { index: indexed(type.root, indexProtoRoot), typeName: type.fullName };
  const files = method.requestType?.fileDescriptorProtos;
  if (!files) return undefined;
  const index = indexed(files, indexProtoFiles);
  return { index, typeName: index.inputTypes.get(method.path) };
}

/**
 * `definition` with each RPC whose request holds `string` fields (at any depth) checking, before
 * decoding, that they are valid UTF-8 as proto3 requires; invalid ones are refused with
 * INVALID_ARGUMENT naming the field, on every message of a stream. Which fields to check is
 * decided here, once; a call costs one pass over its bytes. Definitions that carry no schema
 * (not loaded by `loadProto` / `@grpc/proto-loader`) are returned unchanged.
 *
 * @example
 * server.addService(withStringChecks(proto.todo.TodoService.service), implementation);
 */
export function withStringChecks(definition: ServiceDefinition): ServiceDefinition {
  let checked: Record<string, AnyMethod> | undefined;
  for (const [rpc, method] of Object.entries(definition) as [string, AnyMethod][]) {
    const schema = requestSchemaOf(method);
    const typeName = schema?.typeName;
    const plan = typeName && stringFieldPlan(schema.index, typeName);
    if (!plan) continue;
    const decode = method.requestDeserialize;
    const type = typeName.slice(1);
    const requestDeserialize = (bytes: Buffer): unknown => {
      const field = invalidStringField(plan, bytes);
      return field === undefined ? decode(bytes) : new RefusedMessage(`Invalid UTF-8 in string field '${field}' of ${type}: proto3 strings must be valid UTF-8.`);
    };
    (checked ??= { ...(definition as Record<string, AnyMethod>) })[rpc] = { ...method, requestDeserialize };
  }
  return (checked as ServiceDefinition | undefined) ?? definition;
}
