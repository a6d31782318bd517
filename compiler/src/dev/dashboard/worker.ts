/**
 * The dev dashboard's worker thread: its HTTP server and state live here, so that the page is
 * answered while the loop's own thread builds and type-checks (synchronous work of seconds at a
 * start). The loop posts each build and every message of its app processes; the worker posts
 * where it listens, and what it asks of the serving app.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { serveDashboard } from './http-server.js';
import type { FromAppToDashboard } from './messages.js';
import { DashboardState, type BuildUpdate } from './state.js';
import { loadStaticFiles } from './static-files.js';

/** From the loop's thread to the worker. */
export type ToWorker =
  | { readonly type: 'build'; readonly update: BuildUpdate }
  | { readonly type: 'app'; readonly message: FromAppToDashboard }
  | { readonly type: 'ping'; readonly id: number }
  | { readonly type: 'close' };
/** From the worker to the loop's thread. */
export type FromWorker =
  | { readonly type: 'listening'; readonly port: number }
  | { readonly type: 'failed'; readonly code?: string; readonly message: string }
  | { readonly type: 'to-app'; readonly message: object }
  | { readonly type: 'pong'; readonly id: number }
  | { readonly type: 'closed' };

const { port, traces } = workerData as { port: number; traces: number };
const loop = parentPort!;
const tell = (message: FromWorker): void => loop.postMessage(message);
const state = new DashboardState({ traces });
// The loop answers for an app that is not serving (see dashboard.ts).
state.connect((message) => (tell({ type: 'to-app', message }), true));

try {
  const { server, port: listening } = await serveDashboard(state, loadStaticFiles(), port);
  tell({ type: 'listening', port: listening });
  loop.on('message', (message: ToWorker) => {
    if (message.type === 'build') state.built(message.update);
    else if (message.type === 'app') state.fromApp(message.message);
    else if (message.type === 'ping') tell({ type: 'pong', id: message.id });
    else {
      state.close();
      server.closeAllConnections();
      server.close(() => {
        tell({ type: 'closed' });
        loop.close();
      });
    }
  });
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  tell({ type: 'failed', ...(e.code ? { code: e.code } : {}), message: e.message });
  loop.close();
}
