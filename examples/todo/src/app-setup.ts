import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FrameworkApplication, type ApplicationOptions, type ApplicationTables, type CorsOptions } from '@framework/core';
import type { ConfigService } from '@framework/core/config';
import { originsFrom } from './config/cors-origins.js';
import type { EnvSchema } from './config/env.schema.js';
import { LIMITS } from './limits.js';

/** The web page (`index.html`, its script and stylesheet), beside `src/` (copied beside the build's `src/` by `build:example`). */
export const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));

/** Whether the page is beside `src/`; Deno without read access there throws rather than answer no. */
function pageIsThere(): boolean {
  try {
    return existsSync(PUBLIC_DIR);
  } catch {
    return false;
  }
}

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
 * The example's application before `init`, for either entry (HTTP and gRPC, or HTTP only): its
 * limits, CORS, the web page when it is there, the API reference page at /docs when `DOCS=true`
 * (`openapi` loads its document only then). Nothing here loads gRPC.
 *
 * @example
 * const app = await createTodoApp(tables, config, {}, async () => (await import('../../../generated/todo/openapi.json', { with: { type: 'json' } })).default);
 * await app.init(AppModule);
 */
export async function createTodoApp(tables: ApplicationTables, config: ConfigService<EnvSchema>, options: ApplicationOptions, openapi: () => Promise<object>): Promise<FrameworkApplication> {
  const cors = corsFrom(config.get('CORS_ORIGINS'));
  const app = new FrameworkApplication(tables, { ...LIMITS, ...(cors && { cors }), ...options });
  // The page lists the todos through the API; routes win, so `/` serves files only where no route
  // answers. A build that carries no page (a bundle, Deno without read access) serves the API alone.
  if (pageIsThere()) app.serveStatic('/', PUBLIC_DIR);
  if (config.get('DOCS')) app.serveDocs('/docs', await openapi());
  return app;
}
