import { FrameworkApplication } from '@framework/core';
import { GrpcServer } from '@framework/grpc';
import { tables } from '../../../generated/todo/tables.js';
import { AppModule } from './app.module.js';

/** The initialised application and its gRPC server, neither listening yet. */
export interface TodoApplication {
  readonly app: FrameworkApplication;
  readonly grpc: GrpcServer;
}

/**
 * Creates and initialises the todo application without listening, so tests can listen on port 0.
 * The gRPC server is created before `init`, which hands it the gRPC controllers.
 *
 * @example
 * const { app, grpc } = await bootstrap();
 * const httpPort = await app.listen(0);
 * const grpcPort = await grpc.listen(0);
 */
export async function bootstrap(): Promise<TodoApplication> {
  const app = new FrameworkApplication(tables);
  const grpc = new GrpcServer(app);
  await app.init(AppModule);
  return { app, grpc };
}
