/**
 * What the dev dashboard runs inside an app process of the loop, loaded by the preload only when
 * the dashboard is on: the span feed (traces and request lines) and the answers to the
 * dashboard's questions (the explorer's bearer preset, the State view).
 */
import { reportAddressWhenListening, startSpanFeed } from './span-feed.js';
import { startAppQueries } from './app-queries.js';

export { reportAddressWhenListening };

/** Starts both, before the app's entry runs. */
export function startAppSide(): void {
  startSpanFeed();
  startAppQueries();
}
