import type { ProviderEntry } from '../tables.js';
import type { Token } from '../types/token.js';

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
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Creating ${provider.name} (${provider.source}) failed: ${message}`, { cause: error });
  }
}

/** Request-scoped instances of one call, by provider index. Dropped with the call. */
export type RequestScope = Map<number, unknown>;

/**
 * Creates and holds the providers of one application. Two applications in one process have two
 * injectors and share nothing.
 *
 * @example
 * const injector = new Injector(tables.providers);
 * injector.createSingletons();
 * injector.get(TodoService);
 */
export class Injector {
  private readonly singletons: unknown[];
  private readonly indexByToken = new Map<Token, number>();

  constructor(readonly providers: readonly ProviderEntry[]) {
    this.singletons = new Array(providers.length);
    providers.forEach((provider, index) => this.indexByToken.set(provider.token, index));
  }

  /**
   * Instantiates every singleton in table order (the compiler sorted dependencies first). A
   * constructor that throws is reported with the provider's name and source location.
   */
  createSingletons(): void {
    this.providers.forEach((provider, index) => {
      if (provider.scope === 'singleton') {
        this.singletons[index] = construct(provider, provider.deps.map((dep) => this.singletons[dep]));
      }
    });
  }

  /** The instance at `index`: the singleton, or the call's own instance for request-scoped providers. */
  resolve(index: number, scope?: RequestScope): unknown {
    const provider = this.providers[index]!;
    if (provider.scope === 'singleton') return this.singletons[index];
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

  /** The singleton registered under `token`. */
  get<T>(token: Token): T {
    const index = this.indexByToken.get(token);
    if (index === undefined) {
      const name = typeof token === 'function' ? token.name : String(token);
      throw new Error(`No provider for ${name} in this application. List it in a module's injectables and run framework-build again.`);
    }
    return this.resolve(index) as T;
  }

  /** Singleton instances with their providers, in creation order (for lifecycle hooks). */
  *singletonInstances(): Iterable<[ProviderEntry, unknown]> {
    for (let index = 0; index < this.providers.length; index++) {
      if (this.providers[index]!.scope === 'singleton') yield [this.providers[index]!, this.singletons[index]];
    }
  }
}

