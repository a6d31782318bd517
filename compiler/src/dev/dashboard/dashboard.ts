/**
 * The local dev dashboard of `framework-build dev`: a page on 127.0.0.1 showing what the compiler
 * knows of the app (its routes and RPCs with their chains, its dependency graph, the last build's
 * diagnostics) and what the app did (its traces and request lines). See docs/dev-dashboard.md.
 *
 * Its server runs in a worker thread (worker.ts); this side, in the loop's thread, turns each build
 * into the catalog, graph and report the page shows, and relays the app processes' messages.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BuildResult } from '../../builder/build-options.js';
import { buildReport } from './build-report.js';
import { catalogOf } from './catalog.js';
import { graphOf } from './graph.js';
import { DASHBOARD_ENV, isDashboardMessage, type AskApp } from './messages.js';
import type { BuildUpdate } from './state.js';
import type { FromWorker, ToWorker } from './worker.js';

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
  /** A build of the loop, and the type check that followed it (when it ran by then). */
  built(result: BuildResult, typeCheck?: { errors: number; ms: number; text: string }): void;
  /** The type check of the last build given, when it ends after the build was shown (the first build's runs beside the first app). */
  checked(result: BuildResult, typeCheck: { errors: number; ms: number; text: string }): void;
  /** Every IPC message of an app process; those that are not the dashboard's are ignored. */
  fromApp(message: unknown): void;
  /** How to reach the serving app (false when none serves): for the explorer's token and the State view. */
  connect(post: (message: object) => boolean): void;
  /** Resolves once the dashboard has taken in everything given to it so far (for tests). */
  settled(): Promise<void>;
  /** What the app processes need in their environment for the dashboard (its in-app exporter). */
  readonly appEnv: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

// Built beside this file. Under tsx (the compiler's own tests) the source is run, after tsx is
// loaded in the worker too: a worker thread does not inherit the loader hooks of `--import tsx`.
const workerJs = new URL('./worker.js', import.meta.url);
const fromSource = !fs.existsSync(fileURLToPath(workerJs));
const newWorker = (workerData: unknown): Worker =>
  fromSource
    ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}))`, { eval: true, workerData })
    : new Worker(workerJs, { workerData });

/**
 * Starts the dashboard: its worker thread and server in the background; builds given meanwhile are kept.
 *
 * @example
 * const dashboard = startDashboard({ port: 9400, cwd });
 * void dashboard.started.then((s) => log('url' in s ? `dashboard: ${s.url}` : s.error));
 * dashboard.built(result); // after every build
 */
export function startDashboard(options: DashboardOptions): Dashboard {
  const wanted = options.port ?? 9400;
  const worker = newWorker({ port: wanted, traces: options.traces ?? 500 });
  worker.unref(); // the loop's own handles decide when it ends
  const tell = (message: ToWorker): void => worker.postMessage(message);
  let post: (message: object) => boolean = () => false;
  let sequence = 0;
  let pings = 0;
  const pongs = new Map<number, () => void>();
  let closed!: () => void;
  const ended = new Promise<void>((resolve) => (closed = resolve));
  worker.once('exit', () => closed());

  const started = new Promise<{ url: string } | { error: string }>((resolve) => {
    worker.once('error', (error) => resolve({ error: `dashboard: it failed to start (${error.message}). The loop goes on without it.` }));
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'listening') resolve({ url: `http://127.0.0.1:${message.port}/` });
      else if (message.type === 'failed')
        resolve({
          error:
            message.code === 'EADDRINUSE'
              ? `dashboard: 127.0.0.1:${wanted} is in use (another dev loop?); pass --dashboard-port 0 for any free port (npm run dev -- --dashboard-port 0), or --no-dashboard. The loop goes on without it.`
              : `dashboard: cannot listen on 127.0.0.1:${wanted} (${message.message}). The loop goes on without it.`,
        });
      else if (message.type === 'to-app') {
        if (post(message.message)) return;
        // No app serves: the question is answered here, so the page hears why at once.
        const asked = message.message as AskApp;
        tell({ type: 'app', message: { type: 'dashboard:answer', id: asked.id, error: 'no app is serving (it starts after the first clean build)' } });
      } else if (message.type === 'pong') pongs.get(message.id)?.();
    });
  });

  const update = (result: BuildResult, number: number, typeCheck?: { errors: number; ms: number; text: string }): BuildUpdate => ({
    build: buildReport(result, number, typeCheck, options.cwd),
    ...(result.ok && result.model ? { catalog: catalogOf(result.model), graph: graphOf(result.model) } : {}),
  });

  // The catalog and graph of a large app take a noticeable time to make (0.4 s for 1,000
  // controllers): made in the next turn, once the loop has set the save's restart going.
  const later = (work: () => void): void => void setImmediate(work);

  return {
    started,
    built(result, typeCheck) {
      const number = ++sequence;
      later(() => tell({ type: 'build', update: update(result, number, typeCheck) }));
    },
    checked(result, typeCheck) {
      const number = sequence;
      later(() => tell({ type: 'build', update: update(result, number, typeCheck) }));
    },
    // In turn with the builds: the page hears of the app in the order the loop did.
    fromApp: (message) => void (isDashboardMessage(message) && later(() => tell({ type: 'app', message }))),
    connect: (next) => void (post = next),
    settled() {
      const id = ++pings;
      return new Promise<void>((resolve) => {
        pongs.set(id, () => (pongs.delete(id), resolve()));
        later(() => tell({ type: 'ping', id })); // after the builds given before it
      });
    },
    appEnv: { [DASHBOARD_ENV]: '1' },
    async close() {
      tell({ type: 'close' });
      const timer = setTimeout(() => void worker.terminate(), 2000);
      await ended;
      clearTimeout(timer);
    },
  };
}
