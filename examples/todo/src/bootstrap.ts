import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FrameworkApplication, type ApplicationOptions, type CorsOptions } from '@framework/core';
import { loadConfig } from '@framework/core/config';
import { GrpcServer, type GrpcServerOptions } from '@framework/grpc';
import { tables } from '../../../generated/todo/tables.js';
import { AppModule } from './app.module.js';
import { originsFrom } from './config/cors-origins.js';
import { EnvSchema } from './config/env.schema.js';
import { LIMITS } from './limits.js';

/** The initialised application and its gRPC server, neither listening yet. */
export interface TodoApplication {
  readonly app: FrameworkApplication;
  readonly grpc: GrpcServer;
}

export { LIMITS };

/** The web page (`index.html`, its script and stylesheet), beside `src/` (copied beside the build's `src/` by `build:example`). */
export const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));
/** The example's gRPC server options (4 KiB messages), for tests that create their own server. */
export const GRPC_OPTIONS: GrpcServerOptions = { limits: { maxReceiveMessageBytes: 4 * 1024 } };

/**
 * CORS with credentials for the comma-separated origins of `CORS_ORIGINS` (the browser apps that
 * log in with the session cookie); undefined when unset or empty. A malformed origin fails `init`
 * with a message naming it. Security headers are on by default.
 *
 * @example
 * corsFrom('http://localhost:5173, https://app.example.com'); // { origins: [...], credentials: true, maxAge: 600 }
 */
export function corsFrom(origins: string | undefined): CorsOptions | undefined {
  const list = originsFrom(origins);
  return list.length > 0 ? { origins: list, credentials: true, maxAge: 600, exposeHeaders: ['x-request-id'] } : undefined;
}

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
  const cors = corsFrom(config.get('CORS_ORIGINS'));
  const app = new FrameworkApplication(tables, { ...LIMITS, ...(cors && { cors }), ...options });
  const grpc = new GrpcServer(app, { ...GRPC_OPTIONS, reflection: config.get('GRPC_REFLECTION') });
  // The page lists the todos through the API; routes win, so `/` serves files only where no route
  // answers. A build that carries no page (a bundle, Deno without read access) serves the API alone.
  if (existsSync(PUBLIC_DIR)) app.serveStatic('/', PUBLIC_DIR);
  if (config.get('DOCS')) app.serveDocs('/docs', (await import('../../../generated/todo/openapi.json', { with: { type: 'json' } })).default);
  await app.init(AppModule);
  return { app, grpc };
}
