import { FrameworkApplication } from '@framework/core';
// #if grpc
import { GrpcServer } from '@framework/grpc';
// #endif
import { tables } from '../generated/tables.js';
import { AppModule } from './app.module.js';

// #if grpc
/** The initialised application and its gRPC server, neither listening yet. */
export interface App {
  readonly app: FrameworkApplication;
  readonly grpc: GrpcServer;
}

/**
 * Creates and initialises the application without listening, so that tests can listen on port 0.
 * The gRPC server is created before `init`, which hands it the gRPC controllers.
 */
export async function bootstrap(): Promise<App> {
  const app = new FrameworkApplication(tables);
  const grpc = new GrpcServer(app);
  await app.init(AppModule);
  return { app, grpc };
}
// #else
/** Creates and initialises the application without listening, so that tests can listen on port 0. */
export async function bootstrap(): Promise<FrameworkApplication> {
  // `tables` is written by `framework-build src` (npm run build / npm run dev).
  const app = new FrameworkApplication(tables);
  await app.init(AppModule);
  return app;
}
// #endif
