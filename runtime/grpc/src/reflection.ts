import type { Server, ServerDuplexStream, ServiceDefinition, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { PackageDefinition } from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { fileDescriptorType } from './lazy-descriptors.js';

/** What reflection reads of a message type: the serialized descriptors of its schema's files. */
interface DescribedType {
  readonly fileDescriptorProtos?: readonly Uint8Array[];
}

/** The parts of a decoded `FileDescriptorProto` read here. */
interface FileDescriptor {
  readonly name?: string;
  readonly package?: string;
  service?: { readonly name?: string }[];
}

/**
 * The files of every served service's schema, once per file name, each without the services the
 * server does not serve: a `.proto`, or a file loaded beside it, may declare services that another
 * server (or nobody) serves, and reflection would describe and find them too.
 */
function servedFiles(definitions: ReadonlyMap<string, ServiceDefinition>): Uint8Array[] {
  const served = new Set(definitions.keys());
  const FileDescriptorProto = fileDescriptorType();
  const read = new Set<readonly Uint8Array[]>(); // every type of one loaded schema shares its list
  const files = new Map<string, Uint8Array>();
  for (const definition of definitions.values()) {
    for (const method of Object.values(definition) as { requestType?: DescribedType; responseType?: DescribedType }[]) {
      for (const list of [method.requestType?.fileDescriptorProtos, method.responseType?.fileDescriptorProtos]) {
        if (!list || read.has(list)) continue;
        read.add(list);
        for (const bytes of list) {
          const file = FileDescriptorProto.decode(bytes) as unknown as FileDescriptor;
          if (!file.name || files.has(file.name)) continue;
          const prefix = file.package ? `${file.package}.` : '';
          const services = file.service ?? [];
          const kept = services.filter((service) => served.has(prefix + service.name));
          if (kept.length === services.length) {
            files.set(file.name, bytes);
            continue;
          }
          file.service = kept;
          files.set(file.name, FileDescriptorProto.encode(file as never).finish());
        }
      }
    }
  }
  return [...files.values()];
}

/**
 * `server`, with every handler added through it made to honour back-pressure: @grpc/reflection
 * answers each request as it reads it, whether or not the client takes the answers, so a client
 * that writes requests and reads nothing made the server hold every answer (each a whole schema,
 * many times the request's size). Here, while the answers wait, the requests are not read: HTTP/2
 * flow control then holds the client.
 */
function withBackPressure(server: Pick<Server, 'addService'>): Pick<Server, 'addService'> {
  return {
    addService(definition: ServiceDefinition, implementation: UntypedServiceImplementation) {
      const held: UntypedServiceImplementation = {};
      for (const [name, handler] of Object.entries(implementation)) {
        held[name] = ((stream: ServerDuplexStream<unknown, unknown>) => {
          const write = stream.write.bind(stream) as (message: unknown) => boolean;
          stream.write = ((message: unknown) => {
            const room = write(message);
            if (!room && !stream.isPaused()) {
              stream.pause();
              stream.once('drain', () => stream.resume());
            }
            return room;
          }) as typeof stream.write;
          (handler as (stream: ServerDuplexStream<unknown, unknown>) => void)(stream);
        }) as UntypedServiceImplementation[string];
      }
      server.addService(definition, held);
    },
  };
}

/**
 * Server reflection (`grpc.reflection.v1` and `v1alpha`, from `@grpc/reflection`) over the services
 * the server serves: clients such as grpcurl or Postman list them and read their schemas without
 * a copy of the `.proto`. Only the named services are listed, described or found (a `.proto` may
 * declare more); their files keep every message. A client that does not read its answers stops
 * being read (see `withBackPressure`).
 *
 * The schemas come from the definitions themselves: `loadProto` (as @grpc/proto-loader does)
 * gives each message type the file descriptors of its whole schema.
 *
 * @example
 * addReflection(server, new Map([['todo.TodoService', todoDefinition]]));
 */
export function addReflection(server: Pick<Server, 'addService'>, definitions: ReadonlyMap<string, ServiceDefinition>): void {
  const schema = { served: { fileDescriptorProtos: servedFiles(definitions) } } as unknown as PackageDefinition;
  const reflection = new ReflectionService(schema, { services: [...definitions.keys()] });
  reflection.addToServer(withBackPressure(server) as Server);
}
