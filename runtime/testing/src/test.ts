import { FrameworkApplication, GLOBAL_GUARD, type ApplicationOptions, type ApplicationTables, type Class, type MiddlewareFunction, type Token } from '@framework/core';
import { InProcessGrpcTransport } from './grpc-transport.js';
import { applyOverrides, type Override, type Replacement } from './overrides.js';
import { TestingModule } from './testing-module.js';

/** Options of `Test.createTestingModule(tables, options)`. */
export interface TestingModuleOptions extends ApplicationOptions {
  /**
   * Called with the application before `init`: register a transport, add global middleware,
   * filters or interceptors as the app's own bootstrap does.
   */
  readonly setup?: (app: FrameworkApplication) => void;
}

/**
 * What replaces an overridden token: a value, a class (created without arguments), or a factory
 * given the instances of the `inject` tokens.
 */
export interface OverrideBy<Builder> {
  /** @example .overrideProvider(TodoService).useValue({ findAll: () => [] }) */
  useValue(value: unknown): Builder;
  /** @example .overrideGuard(AppGuard).useClass(AllowAll) */
  useClass(cls: Class): Builder;
  /** @example .overrideProvider(Mailer).useFactory({ factory: (config: ConfigService) => new FakeMailer(config), inject: [ConfigService] }) */
  useFactory(options: { readonly factory: (...deps: never[]) => unknown; readonly inject?: readonly Token[] }): Builder;
}

/**
 * Collects overrides; `compile()` builds the application from the tables with them applied.
 * Each override replaces by token, so everything that depends on the token receives the
 * replacement.
 */
export class TestingModuleBuilder {
  private readonly overrides: Override[] = [];

  constructor(
    private readonly tables: ApplicationTables,
    private readonly options: TestingModuleOptions,
  ) {}

  /** Replaces the provider registered under `token` (a class, a string or a symbol). */
  overrideProvider(token: Token): OverrideBy<this> {
    return this.by('overrideProvider', token);
  }
  /** Replaces a guard class, wherever it is used (`@UseGuard`, or the `GLOBAL_GUARD` entry naming it). */
  overrideGuard(guard: Class): OverrideBy<this> {
    return this.by('overrideGuard', guard);
  }
  /** Replaces the global guard, whatever class fills the `GLOBAL_GUARD` slot. */
  overrideGlobalGuard(): OverrideBy<this> {
    return this.by('overrideGlobalGuard', GLOBAL_GUARD);
  }
  /** Replaces an interceptor class. */
  overrideInterceptor(interceptor: Class): OverrideBy<this> {
    return this.by('overrideInterceptor', interceptor);
  }
  /** Replaces a filter class (the replacement catches what the original's `@Catch` names). */
  overrideFilter(filter: Class): OverrideBy<this> {
    return this.by('overrideFilter', filter);
  }
  /** Replaces a middleware class, or a middleware function (with `.useValue(otherFunction)`). */
  overrideMiddleware(middleware: Class | MiddlewareFunction): OverrideBy<this> {
    return this.by('overrideMiddleware', middleware);
  }

  /**
   * Builds and initialises the application (singletons, async factories, chains); it does not
   * listen. Throws when an override names a token the tables do not contain.
   */
  async compile(): Promise<TestingModule> {
    const tables = applyOverrides(this.tables, this.overrides);
    const { setup, ...options } = this.options;
    const app = new FrameworkApplication(tables, options);
    const grpc = new InProcessGrpcTransport();
    app.registerTransport(grpc);
    setup?.(app);
    await app.init(tables.rootModule);
    return new TestingModule(app, grpc);
  }

  private by(method: string, target: Token | MiddlewareFunction): OverrideBy<this> {
    const add = (replacement: Replacement): this => {
      this.overrides.push({ method, target, replacement });
      return this;
    };
    return {
      useValue: (value) => add({ kind: 'value', value }),
      useClass: (cls) => add({ kind: 'class', cls }),
      useFactory: ({ factory, inject = [] }) => add({ kind: 'factory', factory, inject }),
    };
  }
}

/**
 * Entry point of `@framework/testing`.
 *
 * @example
 * import { Test } from '@framework/testing';
 * import { tables } from '../generated/tables.js';
 *
 * const t = await Test.createTestingModule(tables)
 *   .overrideProvider(TodoService).useValue(fakeTodos)
 *   .overrideGuard(AppGuard).useValue({ canActivate: () => true })
 *   .compile();
 */
export const Test = {
  /** Starts a testing module over the generated tables of the app (its root module is theirs). */
  createTestingModule(tables: ApplicationTables, options: TestingModuleOptions = {}): TestingModuleBuilder {
    return new TestingModuleBuilder(tables, options);
  },
};
