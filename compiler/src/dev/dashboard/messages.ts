/**
 * What an app process of the dev loop tells the dashboard over its IPC channel (beside the loop's
 * own `waiting` and `closed`). Plain JSON: it crosses a process boundary.
 */

/** A finished span, as the in-app exporter sends it. */
export interface SpanRecord {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId?: string;
  readonly name: string;
  /** `server`, `client`, `internal`, `producer`, `consumer`. */
  readonly kind: string;
  /** Epoch milliseconds (fractional). */
  readonly startMs: number;
  readonly durationMs: number;
  /** `ok`, `error` or `unset`, with the status message of an error. */
  readonly status: string;
  readonly statusMessage?: string;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
  readonly events: readonly { readonly name: string; readonly atMs: number; readonly attributes: Readonly<Record<string, string | number | boolean>> }[];
  /** The app process that recorded it (each save runs a new one). */
  readonly pid: number;
}

/** Where the app serves HTTP, once it listens: what the explorer sends its requests to. */
export interface AppAddress {
  readonly pid: number;
  readonly http?: { readonly host: string; readonly port: number };
  /** Where it serves gRPC (a plain-text HTTP/2 server), once it listens: what the RPC explorer calls. */
  readonly grpc?: { readonly host: string; readonly port: number };
}

/**
 * What the loop asks the serving app: a bearer token signed by its own `JwtService`, or its state
 * (health and readiness, throttlers).
 */
export type AppQuery = { readonly kind: 'mint'; readonly subject: string; readonly roles: readonly string[] } | { readonly kind: 'state' };

export interface AskApp {
  readonly type: 'dashboard:ask';
  readonly id: number;
  readonly query: AppQuery;
}

/** The app's state, for the dashboard's State view. */
export interface AppState {
  readonly pid: number;
  /** `process.memoryUsage()` of the app process, in bytes. */
  readonly memory: { readonly rss: number; readonly heapUsed: number; readonly heapTotal: number; readonly external: number };
  readonly liveness: unknown;
  /** Readiness as last evaluated (the app's `health.ready`): asking for the state runs no check. */
  readonly readiness: { readonly status: 'up' | 'down' };
  /** Each health indicator's last result and when (epoch ms); `result` absent for one not checked yet. */
  readonly indicators: readonly { readonly name: string; readonly result?: { readonly status: string; readonly reason?: string; readonly atMs: number } }[];
  /** `ConfigModule.forRoot`'s variables with their values, secrets redacted (`ConfigService.redacted()`); absent without one. */
  readonly config?: Readonly<Record<string, unknown>>;
  /** `ThrottlerModule.forRoot`'s throttlers with their limits, the storage's kind and, in memory, its keys. */
  readonly throttler?: { readonly throttlers: readonly { readonly name: string; readonly limit: number; readonly ttl: number }[]; readonly storage: string; readonly keys?: number };
}

export type FromAppToDashboard =
  | { readonly type: 'dashboard:spans'; readonly spans: readonly SpanRecord[] }
  | { readonly type: 'dashboard:address'; readonly address: AppAddress }
  | { readonly type: 'dashboard:answer'; readonly id: number; readonly value?: unknown; readonly error?: string }
  // Told by the loop, not the app (which cannot speak once it has ended): the address it gave is gone.
  | { readonly type: 'dashboard:exited'; readonly pid: number };

/** Whether an IPC message is one of the dashboard's. */
export function isDashboardMessage(message: unknown): message is FromAppToDashboard {
  const type = (message as { type?: unknown } | null)?.type;
  return type === 'dashboard:spans' || type === 'dashboard:address' || type === 'dashboard:answer' || type === 'dashboard:exited';
}

/** The variable the loop sets in its app processes when the dashboard is on: the preload then starts the in-app exporter. */
export const DASHBOARD_ENV = 'FRAMEWORK_DEV_DASHBOARD';
