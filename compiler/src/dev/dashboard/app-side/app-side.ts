/**
 * What the dev dashboard runs inside an app process of the loop, loaded by the preload only when
 * the dashboard is on: the span feed (traces and request lines) and the token mint (the
 * explorer's bearer preset).
 */
import { reportAddressWhenListening, startSpanFeed } from './span-feed.js';
import { startTokenMint } from './token-mint.js';

export { reportAddressWhenListening };

/** Starts both, before the app's entry runs. */
export function startAppSide(): void {
  startSpanFeed();
  startTokenMint();
}
