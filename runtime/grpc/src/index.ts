/**
 * `@framework/grpc`: serves `@GrpcController` classes over gRPC (unary and streaming RPCs, with
 * health checking and optional reflection) on @grpc/grpc-js,
 * through the same request chain (middleware, guards, parameters, filters) as HTTP.
 *
 * @example
 * import { GrpcServer, loadProto, GrpcController, GrpcMethod, GrpcPayload } from '@framework/grpc';
 *
 * const proto = loadProto(fileURLToPath(new URL('./todo.proto', import.meta.url)));
 *
 * @GrpcController(proto.todo.TodoService.service)
 * export class TodoGrpcController {
 *   @GrpcMethod() GetTodo(@GrpcPayload() request: { id: string }) { … }
 * }
 *
 * const app = new FrameworkApplication(tables);
 * const grpc = new GrpcServer(app); // before init
 * await app.init(AppModule);
 * await grpc.listen(50051);
 */
export { GrpcServer, type GrpcHealthOptions, type GrpcServerOptions } from './grpc-server.js';
export { DEFAULT_GRPC_LIMITS, type GrpcLimits } from './grpc-limits.js';
export { loadProto, defaultProtoOptions, type ProtoTree, type ProtoNode } from './load-proto.js';
export { GrpcController, GrpcMethod, GrpcPayload, GrpcStream, GrpcMetadata } from './decorators.js';
export { statusOfError } from './status.js';
/** grpc-js conveniences, so applications need no direct import for credentials, metadata and codes. */
export { ServerCredentials, Metadata, status, type ServiceDefinition } from '@grpc/grpc-js';
