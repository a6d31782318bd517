import { FrameworkApplication } from '@framework/core';
import { tables } from '../generated/tables.js';
import { AppModule } from './app.module.js';

// One application per isolate, initialised by its first request; later requests reuse it. The
// Worker's variables reach `process.env` under the `nodejs_compat` flag (wrangler.toml).
let started: Promise<FrameworkApplication> | undefined;

/** The app as a Cloudflare Worker: `npm run build:worker` bundles it into dist/worker/worker.mjs. */
export default {
  fetch(request: Request): Promise<Response> {
    started ??= new FrameworkApplication(tables).init(AppModule).catch((error: unknown) => {
      started = undefined; // a failed start is tried again by the next request, not kept
      throw error;
    });
    return started.then((app) => app.fetch(request));
  },
};
