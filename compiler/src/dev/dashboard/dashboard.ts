/**
 * The local dev dashboard of `framework-build dev`: a page on 127.0.0.1 showing what the compiler
 * knows of the app (its routes and RPCs with their chains, its dependency graph, the last build's
 * diagnostics) and what the app did (its traces and request lines). See docs/dev-dashboard.md.
 */
import type http from 'node:http';
import type { BuildResult } from '../../builder/build-options.js';
import { serveDashboard } from './http-server.js';
import { DASHBOARD_ENV, isDashboardMessage } from './messages.js';
import { DashboardState } from './state.js';
import { loadStaticFiles } from './static-files.js';

/** Options of {@link startDashboard}. */
export interface DashboardOptions {
  /** The port on 127.0.0.1; default 9400 (0: any free port). */
  readonly port?: number;
  /** Where paths are shown relative to. */
  readonly cwd: string;
  /** Traces kept in memory; default 500. */
  readonly traces?: number;
}

/** The dashboard, fed by the loop. */
export interface Dashboard {
  /**
   * Resolves with `http://127.0.0.1:<port>/` once it listens, or with the reason it cannot (the
   * port is taken); the loop goes on either way.
   */
  readonly started: Promise<{ url: string } | { error: string }>;
  /** A build of the loop, and the type check that followed it when it was clean. */
  built(result: BuildResult, typeCheck?: { errors: number; ms: number; text: string }): void;
  /** Every IPC message of an app process; those that are not the dashboard's are ignored. */
  fromApp(message: unknown): void;
  /** How to reach the serving app (false when none serves): for the explorer's token mint. */
  connect(post: (message: object) => boolean): void;
  /** What the app processes need in their environment for the dashboard (its in-app exporter). */
  readonly appEnv: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * Starts the dashboard: its state at once (the loop's first build is kept), its server in the background.
 *
 * @example
 * const dashboard = startDashboard({ port: 9400, cwd });
 * void dashboard.started.then((s) => log('url' in s ? `dashboard: ${s.url}` : s.error));
 * dashboard.built(result); // after every build
 */
export function startDashboard(options: DashboardOptions): Dashboard {
  const state = new DashboardState(options.cwd, { traces: options.traces ?? 500 });
  const wanted = options.port ?? 9400;
  const serving = serveDashboard(state, loadStaticFiles(), wanted);
  const started = serving.then(
    ({ port }) => ({ url: `http://127.0.0.1:${port}/` }),
    (error: NodeJS.ErrnoException) => ({
      error:
        error.code === 'EADDRINUSE'
          ? `dashboard: 127.0.0.1:${wanted} is in use; pass --dashboard-port <port> (or --no-dashboard). The loop goes on without it.`
          : `dashboard: cannot listen on 127.0.0.1:${wanted} (${error.message}). The loop goes on without it.`,
    }),
  );
  return {
    started,
    built: (result, typeCheck) => state.built(result, typeCheck),
    fromApp: (message) => void (isDashboardMessage(message) && state.fromApp(message)),
    connect: (post) => state.connect(post),
    appEnv: { [DASHBOARD_ENV]: '1' },
    close: async () => {
      state.close();
      const server = await serving.then((s) => s.server, () => undefined);
      if (server) await closeServer(server);
    },
  };
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
