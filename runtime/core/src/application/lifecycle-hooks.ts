import type { OnAppBootstrap, OnAppClose } from '../chain/contracts.js';
import type { Injector } from '../di/injector.js';
import { USE_APP_LOGGER, type Logger, type TakesAppLogger } from '../types/logger.js';
import { withDeadline } from '../timing/deadline.js';

/** Runs one named step of a close; the caller decides what a failure becomes. */
export type CloseStep = (what: string, run: () => unknown) => unknown;

/** An error's message, or the thrown value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether `instance` has a method named `hook` (`onAppBootstrap`, `onAppClose`). */
export function hasHook<K extends string>(instance: unknown, hook: K): instance is Record<K, () => unknown> {
  return typeof instance === 'object' && instance !== null && typeof (instance as Record<string, unknown>)[hook] === 'function';
}

/**
 * Runs the `onAppClose` hook of every created singleton not in `closed` yet, in table order, each
 * through `step`, and adds it to `closed`: a close and an init stopped by it never close one twice.
 * A hook still pending after `ms` fails its step, and the next hook runs: one client that never
 * finishes quitting (a Redis that is down) must not keep the others open and `close()` pending.
 *
 * @example
 * await closeSingletons(injector, closed, 5000, (what, run) => step(what, run));
 */
export async function closeSingletons(injector: Injector, closed: Set<unknown>, ms: number, step: CloseStep): Promise<void> {
  for (const [provider, instance] of injector.singletonInstances()) {
    if (closed.has(instance)) continue;
    closed.add(instance);
    if (!hasHook<keyof OnAppClose>(instance, 'onAppClose')) continue;
    const bounded = () => withDeadline(Promise.resolve(instance.onAppClose()), ms, () => new Error(`it did not finish within ${ms} ms (shutdownTimeoutMs)`));
    await step(`${provider.name}.onAppClose() (${provider.source})`, bounded);
  }
}

/**
 * Hands the application's logger to every created singleton that takes it (`USE_APP_LOGGER`),
 * before any `onAppBootstrap` runs.
 *
 * @example
 * handLoggerTo(injector, options.logger ?? console);
 */
export function handLoggerTo(injector: Injector, logger: Logger): void {
  for (const [, instance] of injector.singletonInstances()) {
    if (typeof (instance as Partial<TakesAppLogger> | null | undefined)?.[USE_APP_LOGGER] === 'function') (instance as TakesAppLogger)[USE_APP_LOGGER](logger);
  }
}

/**
 * Runs every created singleton's `onAppBootstrap` hook in table order, awaiting each; one that
 * throws or rejects stops `init` with an error naming the provider and where it is declared (the
 * original is the `cause`), as a constructor's does. `afterEach` runs after each hook.
 *
 * @example
 * await bootstrapSingletons(injector, () => assertNotClosing());
 * // Error: SettingsService.onAppBootstrap() (settings.ts:4:1) failed: the settings file is missing
 */
export async function bootstrapSingletons(injector: Injector, afterEach: () => void): Promise<void> {
  for (const [provider, instance] of injector.singletonInstances()) {
    if (!hasHook<keyof OnAppBootstrap>(instance, 'onAppBootstrap')) continue;
    try {
      await instance.onAppBootstrap();
    } catch (error) {
      throw new Error(`${provider.name}.onAppBootstrap() (${provider.source}) failed: ${messageOf(error)}`, { cause: error });
    }
    afterEach();
  }
}

/** NestJS's hook names, which the framework does not call, with the hook that does the same. */
const FOREIGN_HOOKS: readonly (readonly [string, string])[] = [
  ['onModuleInit', 'onAppBootstrap'],
  ['onApplicationBootstrap', 'onAppBootstrap'],
  ['onModuleDestroy', 'onAppClose'],
  ['beforeApplicationShutdown', 'onAppClose'],
  ['onApplicationShutdown', 'onAppClose'],
];

/**
 * Warns, once per provider, of a singleton with a NestJS lifecycle method (`onModuleInit`,
 * `onModuleDestroy`, …) and not the framework's hook of the same moment: it would never run, and
 * code ported from NestJS would start without connecting or stop without closing, silently.
 *
 * @example
 * warnOfForeignHooks(injector, logger);
 * // DatabaseService (db.ts:3:1) has onModuleInit(), which is never called: name it onAppBootstrap().
 */
export function warnOfForeignHooks(injector: Injector, logger: Logger): void {
  for (const [provider, instance] of injector.singletonInstances()) {
    for (const [foreign, own] of FOREIGN_HOOKS) {
      if (hasHook(instance, foreign) && !hasHook(instance, own)) {
        logger.warn(`${provider.name} (${provider.source}) has ${foreign}(), which is never called: name it ${own}().`);
      }
    }
  }
}

/** A step that logs its failure, for hooks run when no `close()` is left to throw it. */
export function loggedStep(logger: Logger, prefix: string): CloseStep {
  return async (what, run) => {
    try {
      await run();
    } catch (error) {
      logger.error(`${prefix}: ${what} failed`, error);
    }
  };
}
