import type { ApplicationOptions, FrameworkApplication } from '@framework/core';
import { loadConfig } from '@framework/core/config';
import { GrpcServer, type GrpcServerOptions } from '@framework/grpc';
import { tables } from '../../../generated/todo/tables.js';
import { AppModule } from './app.module.js';
import { createTodoApp } from './app-setup.js';
import { EnvSchema } from './config/env.schema.js';
import { LIMITS } from './limits.js';

/** The initialised application and its gRPC server, neither listening yet. */
export interface TodoApplication {
  readonly app: FrameworkApplication;
  readonly grpc: GrpcServer;
}

export { LIMITS };
export { PUBLIC_DIR, corsFrom } from './app-setup.js';

/** The example's gRPC server options (4 KiB messages), for tests that create their own server. */
export const GRPC_OPTIONS: GrpcServerOptions = { limits: { maxReceiveMessageBytes: 4 * 1024 } };

/**
 * Creates and initialises the todo application without listening, so tests can listen on port 0.
 * The gRPC server is created before `init`, which hands it the gRPC controllers. `options` add to
 * (or override) the example's limits. Server reflection (`GRPC_REFLECTION=true`) and the API
 * reference page at /docs (`DOCS=true`) are served only when the configuration asks for them, so
 * the configuration is read here once before `init` reads and validates it for the services.
 *
 * @example
 * const { app, grpc } = await bootstrap();
 * const httpPort = await app.listen(0);
 * const grpcPort = await grpc.listen(0);
 */
export async function bootstrap(options: ApplicationOptions = {}): Promise<TodoApplication> {
  const config = await loadConfig(EnvSchema);
  const app = await createTodoApp(tables, config, options, async () => (await import('../../../generated/todo/openapi.json', { with: { type: 'json' } })).default);
  const grpc = new GrpcServer(app, { ...GRPC_OPTIONS, reflection: config.get('GRPC_REFLECTION') });
  await app.init(AppModule);
  return { app, grpc };
}
