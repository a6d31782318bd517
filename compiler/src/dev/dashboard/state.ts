/**
 * What the dashboard knows, kept in its worker thread and read by its server: the catalog and
 * graph of the last clean build, the last build's report, where the app listens, the recent
 * traces; and the live stream (`GET /api/events`) that tells the page about each change.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BuildReport } from './build-report.js';
import { CachedJson } from './cached-json.js';
import type { Catalog } from './catalog.js';
import type { Graph } from './graph.js';
import { forgetProtos } from './grpc-explorer.js';
import type { AppAddress, AppQuery, AskApp, FromAppToDashboard } from './messages.js';
import { TraceStore, type TraceStoreOptions } from './trace-store.js';

/** What one build changes, made in the loop's thread (see dashboard.ts) and posted to the worker's. */
export interface BuildUpdate {
  readonly build: BuildReport;
  readonly catalog?: Catalog;
  readonly graph?: Graph;
}

/** Pages following the stream at once, at most: each holds a connection. */
const STREAM_LIMIT = 32;
const HEARTBEAT_MS = 15_000;

/**
 * The dashboard's state and its live stream.
 *
 * @example
 * const state = new DashboardState();
 * state.built({ build, catalog, graph }); // after each build of the loop (see buildUpdate)
 * state.fromApp({ type: 'dashboard:spans', spans }); // from an app process's IPC channel
 */
export class DashboardState {
  catalog: Catalog | undefined;
  graph: Graph | undefined;
  /** The JSON of `GET /api/routes` and `GET /api/graph`, made once per build. */
  catalogJson = new CachedJson({ routes: [], rpcs: [], unimplemented: [] });
  graphJson = new CachedJson({ root: '', nodes: [], edges: [] });
  build: BuildReport | undefined;
  address: AppAddress | undefined;
  readonly traces: TraceStore;
  private readonly streams = new Set<ServerResponse>();
  private post: (message: object) => boolean = () => false;
  private readonly asked = new Map<number, (answer: { value?: unknown; error?: string }) => void>();
  private askId = 0;

  constructor(traces: TraceStoreOptions = {}) {
    this.traces = new TraceStore(traces);
    this.traces.listen((spans, lines) => {
      this.broadcast('spans', spans);
      if (lines.length > 0) this.broadcast('lines', lines);
    });
  }

  /** A build of the loop: its report, and the catalog and graph of a clean one (a failed build keeps the last clean model: it is what the app runs). */
  built(update: BuildUpdate): void {
    if (update.catalog) {
      this.catalog = update.catalog;
      this.catalogJson = new CachedJson(update.catalog);
      forgetProtos(); // the save may have changed a .proto
    }
    if (update.graph) {
      this.graph = update.graph;
      this.graphJson = new CachedJson(update.graph);
    }
    this.build = update.build;
    this.broadcast('build', this.build);
  }

  /**
   * The catalog's first `count` entries (routes, then RPCs, in the catalog's order; 1 to 1,000),
   * with `total`, how many there are in all: what the page shows while the rest comes.
   */
  firstRows(count: number): Catalog & { readonly total: { readonly routes: number; readonly rpcs: number } } {
    const n = Number.isInteger(count) ? Math.min(Math.max(count, 1), 1000) : 200;
    const catalog = this.catalog ?? { srcDir: '', routes: [], rpcs: [], unimplemented: [] };
    return {
      ...catalog,
      routes: catalog.routes.slice(0, n),
      rpcs: catalog.rpcs.slice(0, Math.max(0, n - catalog.routes.length)),
      total: { routes: catalog.routes.length, rpcs: catalog.rpcs.length },
    };
  }

  /** How to send to the serving app. */
  connect(post: (message: object) => boolean): void {
    this.post = post;
  }

  /**
   * Asks the serving app (a bearer token signed by its own `JwtService`, its state); `error` says
   * why there is no answer (no app serving, no JwtModule, none within 5 s).
   */
  ask(query: AppQuery): Promise<{ value?: unknown; error?: string }> {
    const id = ++this.askId;
    const request: AskApp = { type: 'dashboard:ask', id, query };
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish({ error: 'the app did not answer within 5 s' }), 5000);
      const finish = (answer: { value?: unknown; error?: string }): void => {
        clearTimeout(timer);
        this.asked.delete(id);
        resolve(answer);
      };
      this.asked.set(id, finish);
      if (!this.post(request)) finish({ error: 'no app is serving (it starts after the first clean build)' });
    });
  }

  /** A message of the dashboard's from an app process (spans, its address, a minted token). */
  fromApp(message: FromAppToDashboard): void {
    if (message.type === 'dashboard:spans') this.traces.add(message.spans);
    else if (message.type === 'dashboard:answer') this.asked.get(message.id)?.(message.error !== undefined ? { error: message.error } : { value: message.value });
    else if (message.type === 'dashboard:exited') {
      // An app that ended while serving leaves no address behind (the next one gives its own).
      if (this.address?.pid !== message.pid) return;
      this.address = undefined;
      this.broadcast('app', null);
    } else {
      this.address = message.address;
      this.broadcast('app', message.address);
    }
  }

  /** `GET /api/events`: server-sent events `build`, `spans`, `lines` and `app`, as JSON. */
  stream(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): void {
    if (this.streams.size >= STREAM_LIMIT) {
      response.writeHead(503, { ...headers, 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: `${STREAM_LIMIT} pages already follow the stream; close one` }));
      return;
    }
    response.writeHead(200, { ...headers, 'content-type': 'text/event-stream', connection: 'keep-alive' });
    response.write('retry: 1000\n\n');
    this.streams.add(response);
    const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    request.once('close', () => {
      clearInterval(heartbeat);
      this.streams.delete(response);
    });
  }

  /** Ends the live streams (the loop stops). */
  close(): void {
    for (const response of this.streams) response.end();
    this.streams.clear();
  }

  private broadcast(event: string, data: unknown): void {
    if (this.streams.size === 0) return;
    const text = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    // A page that does not read its stream is not waited for: it misses events rather than hold memory.
    for (const response of this.streams) if (response.writableLength < 1024 * 1024) response.write(text);
  }
}
