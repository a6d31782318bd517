/**
 * The dashboard's questions to the app, answered inside an app process of the dev loop: the
 * explorer's bearer preset (the app's own `JwtService`, with its `JwtModule` settings: secret or
 * key, issuer, audience, lifetime, signs a token for the subject and roles the page asks for) and
 * the State view (health and readiness, throttlers). The application is the one the framework's
 * `init` handed to the hook installed here (runtime/core's `announceToDevLoop`).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppQuery, AppState, AskApp, FromAppToDashboard } from '../messages.js';

interface App {
  get(token: unknown): unknown;
  readonly health: { readonly ready: boolean; liveness(): unknown; lastResults(): AppState['indicators'] };
}
let app: App | undefined;

const send = (message: FromAppToDashboard): void => void (process.connected && process.send?.(message, undefined, {}, () => undefined));

/** Installs the hook `init` calls, and answers the loop's `dashboard:ask` messages. */
export function startAppQueries(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('framework.dev.appInitialised')] = (initialised: App): void => void (app = initialised);
  process.on('message', (message: AskApp) => {
    if (message?.type !== 'dashboard:ask') return;
    void answer(message.query).then(
      (value) => send({ type: 'dashboard:answer', id: message.id, value }),
      (error: unknown) => send({ type: 'dashboard:answer', id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

type Config = { ConfigService: abstract new (...args: never[]) => { redacted(): Record<string, unknown> } };
type Core = { JwtService: abstract new (...args: never[]) => unknown; ThrottlerConfig: abstract new (...args: never[]) => unknown; MemoryThrottlerStorage: abstract new (...args: never[]) => unknown };
// The framework the app itself loaded (the same file, so the same classes as its provider tokens).
const fromApp = (name: string): Promise<unknown> => import(pathToFileURL(createRequire(path.resolve(process.argv[1] ?? 'main.ts')).resolve(name)).href);
const core = async (): Promise<Core> => (await fromApp('@framework/core')) as Core;
const config = async (): Promise<Config | undefined> => (await fromApp('@framework/core/config').catch(() => undefined)) as Config | undefined;

/** A provider of the app, or undefined when it has none for that token. */
function provided<T>(token: unknown): T | undefined {
  try {
    return app!.get(token) as T;
  } catch {
    return undefined;
  }
}

async function answer(query: AppQuery): Promise<unknown> {
  if (!app) throw new Error('the app has not finished init yet');
  const { JwtService, ThrottlerConfig, MemoryThrottlerStorage } = await core();
  if (query.kind === 'mint') {
    const jwt = provided<{ sign(claims: Record<string, unknown>): Promise<string> }>(JwtService);
    if (!jwt) throw new Error('the app provides no JwtService: import JwtModule.forRoot(...) to mint tokens here');
    return jwt.sign({ sub: query.subject, ...(query.roles.length > 0 ? { roles: [...query.roles] } : {}) });
  }
  const configService = provided<{ redacted(): Record<string, unknown> }>((await config())?.ConfigService);
  const throttler = provided<{ throttlers: readonly { name: string; limit: number; ttl: number }[]; storage: { size?: number; constructor: { name: string } } }>(ThrottlerConfig);
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
