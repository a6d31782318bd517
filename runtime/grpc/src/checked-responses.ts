import type { GrpcMethodEntry, Logger } from '@framework/core';
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';

type AnyMethod = MethodDefinition<unknown, unknown>;

/**
 * `definition` with the answers of each bound RPC checked as they are encoded: an answer that does
 * not fit the response message (a handler returning a text where the `.proto` has a repeated
 * field) is logged with the handler's name and the encoder's reason. grpc-js answers such a call
 * INTERNAL "Error serializing response" and says nothing on the server, so the bug went unseen.
 * A call whose answer fits pays one function call.
 *
 * @example
 * server.addService(withAnswerChecks(definition, entriesByRpc, host.logger), implementation);
 */
export function withAnswerChecks(definition: ServiceDefinition, entries: ReadonlyMap<string, GrpcMethodEntry>, logger: Logger): ServiceDefinition {
  const checked: Record<string, AnyMethod> = { ...(definition as Record<string, AnyMethod>) };
  for (const [rpc, entry] of entries) {
    const method = checked[rpc]!;
    const serialize = method.responseSerialize;
    const where = `${entry.name} (gRPC ${entry.path})`;
    const responseSerialize = (value: unknown): Buffer => {
      try {
        return serialize(value);
      } catch (error) {
        logger.error(`Unhandled error in ${where}: its answer does not fit the RPC's response message, so the client was answered INTERNAL`, error);
        throw error;
      }
    };
    checked[rpc] = { ...method, responseSerialize };
  }
  return checked as ServiceDefinition;
}
