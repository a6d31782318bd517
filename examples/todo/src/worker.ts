import { FrameworkApplication } from '@framework/core';
// The tables of the HTTP part only (`framework-build src --out ../../generated/todo-worker --root HttpAppModule`):
// the gRPC controller, which a Worker cannot serve, is neither in them nor in the bundle.
import { tables } from '../../../generated/todo-worker/tables.js';
import { LIMITS } from './limits.js';
import { HttpAppModule } from './http-app.module.js';

// One application per isolate, initialised by its first request; later requests reuse it. The
// configuration (JWT_SECRET, DEMO_PASSWORD…) is the Worker's variables, which reach `process.env`
// under the `nodejs_compat` flag, validated by `init` as on a server.
let started: Promise<FrameworkApplication> | undefined;

/** The todo example as a Cloudflare Worker: `framework-build bundle src/worker.ts --target workers`. */
export default {
  fetch(request: Request): Promise<Response> {
    started ??= new FrameworkApplication(tables, LIMITS).init(HttpAppModule).catch((error: unknown) => {
      started = undefined; // a failed start is tried again by the next request, not cached
      throw error;
    });
    return started.then((app) => app.fetch(request));
  },
};
