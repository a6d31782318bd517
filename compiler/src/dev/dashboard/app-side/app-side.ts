/**
 * What the dev dashboard runs inside an app process of the loop, loaded by the preload only when
 * the dashboard is on: the span feed (traces and request lines), from the start, and the answers
 * to the dashboard's questions (the explorer's bearer preset, the State view), whose code loads
 * at the first question.
 */
import type { AskApp, FromAppToDashboard } from '../messages.js';
import type { App } from './app-queries.js';
import { reportAddressWhenListening, startSpanFeed } from './span-feed.js';

export { reportAddressWhenListening };

const send = (message: FromAppToDashboard): void => void (process.connected && process.send?.(message, undefined, {}, () => undefined));

/** Starts both, before the app's entry runs. */
export function startAppSide(): void {
  startSpanFeed();
  let app: App | undefined;
  // Installed now: `init` (runtime/core's `announceToDevLoop`) hands the application over once.
  (globalThis as Record<symbol, unknown>)[Symbol.for('framework.dev.appInitialised')] = (initialised: App): void => void (app = initialised);
  process.on('message', (message: AskApp) => {
    if (message?.type !== 'dashboard:ask') return;
    void import('./app-queries.js')
      .then(({ answer }) => answer(app, message.query))
      .then(
        (value) => send({ type: 'dashboard:answer', id: message.id, value }),
        (error: unknown) => send({ type: 'dashboard:answer', id: message.id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
}
