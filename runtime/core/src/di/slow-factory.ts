import type { ProviderEntry } from '../contract/tables.js';

/**
 * What `init` does about an async factory whose promise has not settled after a while: `pending`
 * is called once for that provider, after `afterMs` milliseconds (never when `afterMs` is 0). The
 * wait itself does not change: the warning only says what `init` is waiting for.
 *
 * @example
 * new Injector(tables.providers, { afterMs: 10_000, pending: (provider) => logger.warn(`still waiting for ${provider.name}`) });
 */
export interface SlowFactoryWatch {
  readonly afterMs: number;
  readonly pending: (provider: ProviderEntry) => void;
}

const stopNothing = (): void => undefined;

/**
 * Starts watching one factory's promise; the function returned stops the watch (call it when the
 * promise settles). The timer is unref'd: it never keeps a process alive that would otherwise end.
 *
 * @example
 * const stop = watchFactory(watch, provider);
 * promise.finally(stop);
 */
export function watchFactory(watch: SlowFactoryWatch | undefined, provider: ProviderEntry): () => void {
  if (!watch || watch.afterMs === 0) return stopNothing;
  const timer = setTimeout(() => watch.pending(provider), watch.afterMs);
  (timer as { unref?: () => void }).unref?.();
  return () => clearTimeout(timer);
}
