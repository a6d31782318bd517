import type { ApplicationOptions, FrameworkApplication } from '@framework/core';
import { loadConfig } from '@framework/core/config';
// The tables of the HTTP part only (`framework-build src --out ../../generated/todo-worker --root HttpAppModule`):
// no gRPC controller in them, so neither @framework/grpc nor grpc-js is loaded.
import { tables } from '../../../generated/todo-worker/tables.js';
import { createTodoApp } from './app-setup.js';
import { EnvSchema } from './config/env.schema.js';
import { HttpAppModule } from './http-app.module.js';

/**
 * The example serving HTTP only (`src/main-http.ts`): everything of `HttpAppModule`, initialised,
 * not listening. The same routes, guard, limits and configuration as `bootstrap()`, without its
 * gRPC server: a process that serves no gRPC does not load it.
 *
 * @example
 * const app = await bootstrapHttp();
 * const port = await app.listen(0);
 */
export async function bootstrapHttp(options: ApplicationOptions = {}): Promise<FrameworkApplication> {
  const config = await loadConfig(EnvSchema);
  const app = await createTodoApp(tables, config, options, async () => (await import('../../../generated/todo-worker/openapi.json', { with: { type: 'json' } })).default);
  await app.init(HttpAppModule);
  return app;
}
