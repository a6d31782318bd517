/**
 * The explorer's bearer preset, inside an app process of the dev loop: the app's own `JwtService`
 * (its `JwtModule` settings: secret or key, issuer, audience, lifetime) signs a token for the
 * subject and roles the page asks for. The application is the one the framework's `init` handed
 * to the hook installed here (runtime/core's `announceToDevLoop`); nothing else of the app is read.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FromAppToDashboard, MintRequest } from '../messages.js';

let app: { get(token: unknown): unknown } | undefined;

const send = (message: FromAppToDashboard): void => void (process.connected && process.send?.(message, undefined, {}, () => undefined));

/** Installs the hook `init` calls, and answers the loop's `dashboard:mint` messages. */
export function startTokenMint(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('framework.dev.appInitialised')] = (initialised: typeof app): void => void (app = initialised);
  process.on('message', (message: MintRequest) => {
    if (message?.type !== 'dashboard:mint') return;
    void mint(message).then(
      (token) => send({ type: 'dashboard:minted', id: message.id, token }),
      (error: unknown) => send({ type: 'dashboard:minted', id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

async function mint(request: MintRequest): Promise<string> {
  if (!app) throw new Error('the app has not finished init yet');
  // The framework the app itself loaded (the same file, so the same class as its provider token).
  const core = (await import(pathToFileURL(createRequire(path.resolve(process.argv[1] ?? 'main.ts')).resolve('@framework/core')).href)) as { JwtService: new (...args: never[]) => unknown };
  let jwt: { sign(claims: Record<string, unknown>): Promise<string> };
  try {
    jwt = app.get(core.JwtService) as typeof jwt;
  } catch {
    throw new Error('the app provides no JwtService: import JwtModule.forRoot(...) to mint tokens here');
  }
  return jwt.sign({ sub: request.subject, ...(request.roles.length > 0 ? { roles: [...request.roles] } : {}) });
}
