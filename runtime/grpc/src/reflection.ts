import type { Server, ServiceDefinition } from '@grpc/grpc-js';
import type { PackageDefinition } from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';

/**
 * Server reflection (`grpc.reflection.v1` and `v1alpha`, from `@grpc/reflection`) over the services
 * the server serves: clients such as grpcurl or Postman list them and read their schemas without
 * a copy of the `.proto`. Only the named services are listed (a `.proto` may declare more).
 *
 * The schemas come from the definitions themselves: `loadProto` (through @grpc/proto-loader) keeps
 * the file descriptors of every message type.
 *
 * @example
 * addReflection(server, new Map([['todo.TodoService', todoDefinition]]));
 */
export function addReflection(server: Pick<Server, 'addService'>, definitions: ReadonlyMap<string, ServiceDefinition>): void {
  const pkg: Record<string, unknown> = {};
  for (const [name, definition] of definitions) {
    pkg[name] = definition;
    // proto-loader's method definitions (what loadProto gives) carry their message types.
    for (const [rpc, method] of Object.entries(definition) as [string, { requestType?: unknown; responseType?: unknown }][]) {
      // Any message type carries the descriptors of its whole file and of the files it imports.
      pkg[`${name}/${rpc}#request`] = method.requestType;
      pkg[`${name}/${rpc}#response`] = method.responseType;
    }
  }
  const reflection = new ReflectionService(pkg as PackageDefinition, { services: [...definitions.keys()] });
  reflection.addToServer(server);
}
