/**
 * The dashboard's questions to the app, answered inside an app process of the dev loop: the
 * explorer's bearer preset (the app's own `JwtService`, with its `JwtModule` settings: secret or
 * key, issuer, audience, lifetime, signs a token for the subject and roles the page asks for) and
 * the State view (health and readiness, throttlers). Loaded by app-side.ts at the loop's first
 * question only; the application is the one the framework's `init` handed to the hook installed
 * there (runtime/core's `announceToDevLoop`).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppQuery, AppState } from '../messages.js';

/** What the dashboard reads of an initialised application. */
export interface App {
  get(token: unknown): unknown;
  readonly health: { readonly ready: boolean; liveness(): unknown; lastResults(): AppState['indicators'] };
}

type Config = { ConfigService: abstract new (...args: never[]) => { redacted(): Record<string, unknown> } };
type Core = { JwtService: abstract new (...args: never[]) => unknown; ThrottlerConfig: abstract new (...args: never[]) => unknown; MemoryThrottlerStorage: abstract new (...args: never[]) => unknown };
// The framework the app itself loaded (the same file, so the same classes as its provider tokens).
const fromApp = (name: string): Promise<unknown> => import(pathToFileURL(createRequire(path.resolve(process.argv[1] ?? 'main.ts')).resolve(name)).href);
const core = async (): Promise<Core> => (await fromApp('@framework/core')) as Core;
const config = async (): Promise<Config | undefined> => (await fromApp('@framework/core/config').catch(() => undefined)) as Config | undefined;

/** A provider of the app, or undefined when it has none for that token. */
function provided<T>(app: App, token: unknown): T | undefined {
  try {
    return app.get(token) as T;
  } catch {
    return undefined;
  }
}

/** The answer to one of the loop's questions about `app` (undefined before its `init` ended). */
export async function answer(app: App | undefined, query: AppQuery): Promise<unknown> {
  if (!app) throw new Error('the app has not finished init yet');
  const { JwtService, ThrottlerConfig, MemoryThrottlerStorage } = await core();
  if (query.kind === 'mint') {
    const jwt = provided<{ sign(claims: Record<string, unknown>): Promise<string> }>(app, JwtService);
    if (!jwt) throw new Error('the app provides no JwtService: import JwtModule.forRoot(...) to mint tokens here');
    return jwt.sign({ sub: query.subject, ...(query.roles.length > 0 ? { roles: [...query.roles] } : {}) });
  }
  const configService = provided<{ redacted(): Record<string, unknown> }>(app, (await config())?.ConfigService);
  const throttler = provided<{ throttlers: readonly { name: string; limit: number; ttl: number }[]; storage: { size?: number; constructor: { name: string } } }>(app, ThrottlerConfig);
  const state: AppState = {
    pid: process.pid,
    memory: (({ rss, heapUsed, heapTotal, external }) => ({ rss, heapUsed, heapTotal, external }))(process.memoryUsage()),
    liveness: app.health.liveness(),
    // What the last evaluation said, and each indicator's last result: asking runs no check.
    readiness: { status: app.health.ready ? 'up' : 'down' },
    indicators: app.health.lastResults(),
    // An unset variable as null: JSON over the IPC channel would drop it.
    ...(typeof configService?.redacted === 'function' ? { config: Object.fromEntries(Object.entries(configService.redacted()).map(([k, v]) => [k, v ?? null])) } : {}),
    ...(throttler
      ? {
          throttler: {
            throttlers: throttler.throttlers.map(({ name, limit, ttl }) => ({ name, limit, ttl })),
            storage: throttler.storage.constructor.name,
            ...(throttler.storage instanceof MemoryThrottlerStorage ? { keys: throttler.storage.size ?? 0 } : {}),
          },
        }
      : {}),
  };
  return state;
}
