import { monotonicMs } from '../timing/monotonic-clock.js';
import { isThenable } from '../types/thenable.js';
import type { ProviderEntry } from '../contract/tables.js';
import type { Token } from '../types/token.js';
import { watchFactory, type SlowFactoryWatch } from './slow-factory.js';

/** How long one singleton took to create at `init`, for `ApplicationOptions.debug.providers`. */
export interface ProviderTiming {
  readonly name: string;
  readonly source: string;
  /** Milliseconds, the awaited part of an async factory included. */
  readonly ms: number;
  /** Whether `create` returned a promise (an async factory). */
  readonly async: boolean;
}

function failure(provider: ProviderEntry, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`Creating ${provider.name} (${provider.source}) failed: ${message}`, { cause: error });
}

/**
 * Runs the provider's factory; an error it throws is wrapped in one naming the provider and where
 * it is declared (the original is the `cause`), so that a failed start-up points at the class.
 *
 * @example
 * construct(todoServiceEntry, [repository]);
 * // Error: Creating TodoService (src/todo/todo.service.ts:8:1) failed: DATABASE_URL is not set
 */
function construct(provider: ProviderEntry, deps: readonly unknown[]): unknown {
  try {
    return provider.create(deps);
  } catch (error) {
    throw failure(provider, error);
  }
}

/** Runs `step` on each item in order, waiting only for the promises it returns; a promise only if one did. */
function inOrder<T>(items: readonly T[], step: (item: T) => Promise<void> | undefined, from = 0): Promise<void> | undefined {
  for (let i = from; i < items.length; i++) {
    const pending = step(items[i]!);
    if (pending) return pending.then(() => inOrder(items, step, i + 1));
  }
  return undefined;
}

/** Request-scoped instances of one call, by provider index. Dropped with the call. */
export type RequestScope = Map<number, unknown>;

/**
 * Creates and holds the providers of one application. Two applications in one process have two
 * injectors and share nothing.
 *
 * @example
 * const injector = new Injector(tables.providers);
 * await injector.createSingletons();
 * injector.get(TodoService);
 */
export class Injector {
  private readonly singletons: unknown[];
  private readonly indexByToken = new Map<Token, number>();
  private readonly timings: ProviderTiming[] = [];
  /** Which singletons exist: a failed or running `init` leaves some uncreated. */
  private readonly created: boolean[];
  /** Async factories awaited now, for a message about an `init` that does not finish. */
  private readonly awaiting = new Set<ProviderEntry>();

  constructor(
    readonly providers: readonly ProviderEntry[],
    /** Who hears of an async factory still pending after a while (`createSingletons` only). */
    private readonly slowFactories?: SlowFactoryWatch,
  ) {
    this.singletons = new Array(providers.length);
    this.created = new Array<boolean>(providers.length).fill(false);
    providers.forEach((provider, index) => this.indexByToken.set(provider.token, index));
  }

  /**
   * Instantiates every singleton, dependencies first (the compiler sorted the table so; entries a
   * test replaced may point further down, so the order is followed, not assumed). A factory that
   * returns a promise is awaited before anything that depends on it is created. A constructor or
   * factory that throws or rejects is reported with the provider's name and source location. A
   * factory's promise still pending after `slowFactories.afterMs` is reported once to
   * `slowFactories.pending`, and still awaited.
   */
  async createSingletons(): Promise<void> {
    // Synchronous while every factory is: a thousand providers created through awaits cost a
    // promise and a turn each. Only a factory's promise is waited for.
    const state = new Array<'creating' | 'done' | undefined>(this.providers.length);
    const create = (index: number, path: readonly number[]): Promise<void> | undefined => {
      if (state[index] === 'done') return undefined;
      const provider = this.providers[index]!;
      if (state[index] === 'creating') {
        const cycle = [...path.slice(path.indexOf(index)), index].map((i) => this.providers[i]!.name).join(' -> ');
        throw new Error(`Creating ${provider.name} (${provider.source}) failed: its dependencies form a cycle: ${cycle}.`);
      }
      state[index] = 'creating';
      const createDep = (dep: number): Promise<void> | undefined =>
        state[dep] === 'done' || this.providers[dep]!.scope !== 'singleton' ? undefined : create(dep, [...path, index]);
      const depsCreated = inOrder(provider.deps, createDep);
      const finish = (): Promise<void> | undefined => this.createOne(index, provider, () => (state[index] = 'done'));
      return depsCreated ? depsCreated.then(finish) : finish();
    };
    for (let index = 0; index < this.providers.length; index++) {
      const pending = create(index, []);
      if (pending) await pending;
    }
  }

  /** Creates one provider's singleton (a request-scoped one is left for its calls); a promise only for an async factory. */
  private createOne(index: number, provider: ProviderEntry, done: () => void): Promise<void> | undefined {
    if (provider.scope !== 'singleton') {
      done();
      return undefined;
    }
    const started = monotonicMs();
    const instance = construct(provider, provider.deps.map((dep) => this.singletons[dep]));
    const keep = (value: unknown, async: boolean): void => {
      this.singletons[index] = value;
      this.created[index] = true;
      this.timings.push({ name: provider.name, source: provider.source, ms: monotonicMs() - started, async });
      done();
    };
    if (!isThenable(instance)) {
      keep(instance, false);
      return undefined;
    }
    this.awaiting.add(provider);
    const stopWatch = watchFactory(this.slowFactories, provider);
    return Promise.resolve(instance).then(
      (value) => {
        stopWatch();
        this.awaiting.delete(provider);
        keep(value, true);
      },
      (error: unknown) => {
        stopWatch();
        this.awaiting.delete(provider);
        return Promise.reject(failure(provider, error));
      },
    );
  }

  /**
   * The async factories `createSingletons` is waiting for now, each as `name (source)`.
   *
   * @example
   * injector.awaitedFactories() // ["'DATABASE' (app.module.ts:14:5)"]
   */
  awaitedFactories(): string[] {
    return Array.from(this.awaiting, (provider) => `${provider.name} (${provider.source})`);
  }

  /** How long each singleton took to create, in creation order (filled by `createSingletons`). */
  creationTimes(): readonly ProviderTiming[] {
    return this.timings;
  }

  /** The instance at `index`: the singleton, or the call's own instance for request-scoped providers. */
  resolve(index: number, scope?: RequestScope): unknown {
    const provider = this.providers[index]!;
    if (provider.scope === 'singleton') {
      if (!this.created[index]) throw new Error(`${provider.name} (${provider.source}) was not created: app.init() failed before it, or has not finished.`);
      return this.singletons[index];
    }
    if (!scope) {
      throw new TypeError(`${provider.name} is request-scoped and can only be resolved during a request.`);
    }
    if (scope.has(index)) return scope.get(index);
    // Dependencies first, outside `construct`: a failing one is reported under its own name.
    const instance = construct(provider, provider.deps.map((dep) => this.resolve(dep, scope)));
    scope.set(index, instance);
    return instance;
  }

  isRequestScoped(index: number): boolean {
    return this.providers[index]!.scope === 'request';
  }

  /** Whether a provider is registered under `token`. */
  has(token: Token): boolean {
    return this.indexByToken.has(token);
  }

  /** The singleton registered under `token`. */
  get<T>(token: Token): T {
    const index = this.indexByToken.get(token);
    if (index === undefined) {
      const name = typeof token === 'function' ? token.name : String(token);
      throw new Error(`No provider for ${name} in this application. List it in a module's injectables and run framework-build again.`);
    }
    return this.resolve(index) as T;
  }

  /** Singleton instances with their providers, in table order (for lifecycle hooks). */
  *singletonInstances(): Iterable<[ProviderEntry, unknown]> {
    for (let index = 0; index < this.providers.length; index++) {
      if (this.providers[index]!.scope === 'singleton' && this.created[index]) yield [this.providers[index]!, this.singletons[index]];
    }
  }
}
