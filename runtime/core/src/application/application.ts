import { credentialHeadersOf } from '../network/credential-headers.js';
import { announceToDevLoop } from './dev-app-hook.js';
import type { ApplicationTables, MiddlewareFunction } from '../contract/tables.js';
import type { ExceptionFilter, FrameworkMiddleware, Interceptor } from '../chain/contracts.js';
import { bareHandler, chainAddsNothing, prepareErrorFilters, prepareHandler, type GlobalChain } from '../chain/pipeline.js';
import { Injector } from '../di/injector.js';
import { ApplicationHealth, type HealthState } from '../health/application-health.js';
import { setUpHealth } from '../health/health-setup.js';
import type { Class } from '../types/class.js';
import type { Token } from '../types/token.js';
import { Observability, type ObservabilityOptions } from '../telemetry/observability.js';
import { HttpApplication } from './http-application.js';
import type { ApplicationOptions } from './options.js';
import { assertTablesMatch } from './stale-check.js';
import { monotonicMs } from '../timing/monotonic-clock.js';
import type { ApplicationTransport, TransportHost } from '../hosting/transport-host.js';
import { withDeadline } from '../timing/deadline.js';
import { bootstrapSingletons, closeSingletons, handLoggerTo, loggedStep, messageOf, warnOfForeignHooks } from './lifecycle-hooks.js';
import { slowFactoryWarning, slowFactoryWarningMsOf } from './slow-factory-warning.js';

/** Where `init` stands: a second call must not build a second set of singletons. */
type InitState = 'not-started' | 'running' | 'done' | 'failed';

/**
 * An application built from the tables `framework-build` generated for its root module.
 *
 * @example
 * import { tables } from '../generated/tables.js';
 * const app = new FrameworkApplication(tables);
 * await app.init(AppModule);
 * const port = await app.listen(Number(process.env.PORT ?? 3000));
 */
export class FrameworkApplication extends HttpApplication {
  private readonly transports: ApplicationTransport[] = [];
  private readonly globalMiddleware: (FrameworkMiddleware | MiddlewareFunction)[] = [];
  private readonly globalFilters: ExceptionFilter[] = [];
  private readonly globalInterceptors: Interceptor[] = [];
  private readonly debug: NonNullable<ApplicationOptions['debug']>;
  private readonly observabilityOptions: ObservabilityOptions;
  /** Decided at init: what the calls of every transport report. */
  private observability = Observability.off;
  /**
   * The one health state every transport reports: readiness (HTTP probes of `HealthModule`, the
   * gRPC health service) is down until `init` is done, while an indicator is down, and from the
   * moment `close()` begins.
   *
   * @example
   * const { status, checks } = await app.health.readiness(); // 'up' | 'down', each indicator's report
   */
  get health(): HealthState {
    return this.healthState;
  }
  private readonly healthState: ApplicationHealth;
  private initState: InitState = 'not-started';
  private injector?: Injector;
  /** The close in progress: a second `close()` meanwhile waits for it instead of running hooks twice. */
  private closing?: Promise<void>;
  /** The `init` in progress, settled either way: a `close()` meanwhile waits for it. */
  private initRunning?: Promise<void>;
  /** Set by a `close()` that began while `init` ran: `init` stops at its next step. */
  private stopInit = false;
  /** Set by a `close()` that stopped waiting for `init`: `init` closes what it creates after. */
  private initAbandoned = false;
  /** Singletons whose `onAppClose` ran (or was skipped for lack of one): none is closed twice. */
  private readonly closed = new Set<unknown>();
  private readonly shutdownTimeoutMs: number;
  private readonly slowFactoryWarningMs: number;

  constructor(
    private readonly tables?: ApplicationTables,
    options: ApplicationOptions = {},
  ) {
    super(options);
    this.debug = options.debug ?? {};
    this.observabilityOptions = { telemetry: options.telemetry, requestLog: options.requestLog, trustProxy: options.trustProxy };
    this.healthState = new ApplicationHealth(this.logger);
    this.shutdownTimeoutMs = options.shutdownTimeoutMs ?? 5000;
    this.slowFactoryWarningMs = slowFactoryWarningMsOf(options.slowFactoryWarningMs);
    // First, so HTTP routes are prepared before any other transport attaches (as they always were).
    this.transports.push(this.http);
  }

  /**
   * Adds a transport (the gRPC server does this in its constructor); HTTP is registered already.
   * Must happen before `init`. Transport authors: see `@framework/core/transport`.
   */
  registerTransport(transport: ApplicationTransport): void {
    if (this.injector) {
      throw new TypeError(`The ${transport.name} transport was registered after init(); create it before calling app.init(RootModule).`);
    }
    this.transports.push(transport);
  }

  /** Middleware run first on every call of every transport. Must be called before `init`. */
  useGlobalMiddleware(...middleware: (FrameworkMiddleware | MiddlewareFunction)[]): this {
    this.assertNotInitialised('useGlobalMiddleware');
    this.globalMiddleware.push(...middleware);
    return this;
  }

  /** Filters tried after the handler's and controller's own. Must be called before `init`. */
  useGlobalFilters(...filters: ExceptionFilter[]): this {
    this.assertNotInitialised('useGlobalFilters');
    this.globalFilters.push(...filters);
    return this;
  }

  /**
   * Interceptors run around every handler of every transport, outermost, before the
   * `GLOBAL_INTERCEPTOR` providers and the controllers' and handlers' own. Must be called before `init`.
   *
   * @example
   * app.useGlobalInterceptors(new TimeoutInterceptor({ ms: 5000 }));
   */
  useGlobalInterceptors(...interceptors: Interceptor[]): this {
    this.assertNotInitialised('useGlobalInterceptors');
    this.globalInterceptors.push(...interceptors);
    return this;
  }

  // Chains are composed once at init; a later registration would silently never run.
  protected assertNotInitialised(method: string): void {
    if (this.injector) throw new TypeError(`app.${method}() was called after init(); call it before \`await app.init(RootModule)\`.`);
  }

  /**
   * Checks the tables against the code, creates every singleton, prepares one chain per handler,
   * attaches the transports and runs `onAppBootstrap` hooks. Runs once per application. An async
   * factory still pending after `slowFactoryWarningMs` (default 10 s) is named in one warning.
   */
  async init(rootModule: Class): Promise<this> {
    this.assertInitAllowed();
    const tables = this.tables;
    assertTablesMatch(tables, rootModule);
    const grpcControllers = tables.grpc.map((service) => tables.providers[service.controller]!.name);
    if (grpcControllers.length > 0 && !this.transports.some((t) => t.name === 'grpc')) {
      throw new TypeError(
        `${grpcControllers.join(', ')} ${grpcControllers.length === 1 ? 'carries' : 'carry'} gRPC metadata but no gRPC transport is registered, and the HTTP router has no path for ${grpcControllers.length === 1 ? 'it' : 'them'}. ` +
          'Construct `new GrpcServer(app)` before `await app.init(RootModule)`.',
      );
    }
    this.initState = 'running';
    const running = this.build(tables);
    this.initRunning = running.then(
      () => undefined,
      () => undefined,
    );
    try {
      await running;
      this.initState = 'done';
      announceToDevLoop(this);
    } catch (error) {
      // Some singletons may exist: a half-built application must not be initialised again.
      this.initState = 'failed';
      // A close() that gave up waiting has run its hooks: those created since get theirs now.
      if (this.initAbandoned && this.injector) await closeSingletons(this.injector, this.closed, this.shutdownTimeoutMs, loggedStep(this.logger, 'app.init() after app.close()'));
      throw error;
    } finally {
      this.initRunning = undefined;
    }
    return this;
  }

  // Each await of `build` is a point where a close() that began meanwhile stops it: no transport
  // attaches and no onAppBootstrap runs after the onAppClose hooks.
  private assertNotClosing(): void {
    if (this.stopInit) throw new Error('app.init() stopped: app.close() was called while it was running.');
  }

  /** Creates the singletons, prepares the chains, attaches the transports, runs `onAppBootstrap`. */
  private async build(tables: ApplicationTables): Promise<void> {
    const injector = new Injector(tables.providers, slowFactoryWarning(tables, this.logger, this.slowFactoryWarningMs, () => this.stopInit));
    // Set before creating, so close() after a failed init still runs the hooks of what exists.
    this.injector = injector;
    const started = monotonicMs();
    await injector.createSingletons();
    this.assertNotClosing();
    warnOfForeignHooks(injector, this.logger);
    handLoggerTo(injector, this.logger);
    if (this.debug.providers) this.logProviderTimes(injector, monotonicMs() - started);
    this.http.addStaticRoutes(setUpHealth(this.healthState, injector, tables.routes));

    const credentialHeaders = credentialHeadersOf(Array.from(injector.singletonInstances(), ([, instance]) => instance));
    const globals: GlobalChain = {
      credentialHeaders: [...credentialHeaders],
      guard: tables.globalGuard,
      interceptorProviders: tables.globalInterceptors ?? [],
      interceptors: this.globalInterceptors,
      middleware: this.globalMiddleware,
      filters: this.globalFilters,
    };
    this.observability = await Observability.create(this.observabilityOptions, undefined, credentialHeaders);
    this.assertNotClosing();
    const host: TransportHost = {
      tables,
      injector,
      logger: this.logger,
      observability: this.observability,
      health: this.healthState,
      prepare: (entry, options) => prepareHandler(entry, injector, globals, options),
      errorFilters: (entry) => prepareErrorFilters(entry, injector, globals),
      bareHandler: (entry) => bareHandler(entry, injector, globals),
      chainAddsNothing: (entry) => chainAddsNothing(entry, injector, globals),
    };
    this.prepareBrowserStages(tables.routes, Array.from(injector.singletonInstances(), ([, instance]) => instance));
    for (const transport of this.transports) {
      await transport.attach(host);
      this.assertNotClosing();
    }
    await bootstrapSingletons(injector, () => this.assertNotClosing());
    this.healthState.started();
  }

  private logProviderTimes(injector: Injector, totalMs: number): void {
    const times = [...injector.creationTimes()].sort((a, b) => b.ms - a.ms);
    const list = times.map((t) => `${t.name}${t.async ? ' (async)' : ''} ${t.ms.toFixed(1)} ms (${t.source})`).join(', ');
    this.logger.log(`init: providers created in ${totalMs.toFixed(1)} ms; ${list}`);
  }

  private assertInitAllowed(): void {
    const problem = {
      'not-started': undefined,
      running: 'was called while an earlier app.init() is still running; await that call instead',
      done: 'was called on an application that is initialised already: its singletons exist, and a second init() would create another set. Call init() once; for a second instance, create a new FrameworkApplication(tables)',
      failed: 'was called again after an earlier app.init() failed while creating the application. Create a new FrameworkApplication(tables) to try again',
    }[this.initState];
    if (problem) throw new Error(`app.init() ${problem}.`);
  }

  /**
   * Stops accepting calls, lets in-flight ones finish (Node: `server.close()`; Deno:
   * `server.shutdown()`) for up to `shutdownTimeoutMs` (see `ApplicationOptions`), closes the
   * transports, then runs every `onAppClose` hook. Every step runs even when another fails;
   * then the failure is thrown (an AggregateError when several failed), each naming its step.
   *
   * @example
   * process.once('SIGTERM', () => void app.close().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); }));
   */
  close(): Promise<void> {
    this.closing ??= this.closeEverything().finally(() => (this.closing = undefined));
    return this.closing;
  }

  private async closeEverything(): Promise<void> {
    if (this.initState === 'running') this.stopInit = true;
    // Readiness first: probes and gRPC watchers hear of it while every call is still served.
    await this.healthState.shuttingDown();
    const failures: Error[] = [];
    const step = async (what: string, run: () => unknown): Promise<void> => {
      try {
        await run();
      } catch (error) {
        failures.push(new Error(`app.close(): ${what} failed: ${messageOf(error)}`, { cause: error }));
      }
    };
    // A running init stops at its next step; what it created by then is closed below. A factory
    // still pending after `shutdownTimeoutMs` is not waited for (init closes what it creates later).
    const initRunning = this.initRunning;
    if (initRunning) {
      const ms = this.shutdownTimeoutMs;
      const expired = () => {
        this.initAbandoned = true;
        const awaited = this.injector?.awaitedFactories() ?? [];
        return new Error(`it was still running after ${ms} ms (shutdownTimeoutMs)${awaited.length > 0 ? `, waiting for ${awaited.join(', ')}` : ''}`);
      };
      await step('waiting for app.init()', () => withDeadline(initRunning, ms, expired));
    }
    await Promise.all(this.transports.map((transport) => step(`closing the ${transport.name} transport`, () => transport.close())));
    const injector = this.injector;
    if (injector) {
      await closeSingletons(injector, this.closed, this.shutdownTimeoutMs, step);
      // Kept while an abandoned init runs on, so that it can close what it creates later.
      if (!this.initAbandoned) {
        this.injector = undefined;
        this.closed.clear();
      }
    }
    await step('flushing the request log', () => this.observability.flush());
    if (failures.length === 1) throw failures[0]!;
    if (failures.length > 1) {
      throw new AggregateError(failures, `app.close() ran every step, but ${failures.length} failed: ${failures.map((f) => f.message.replace('app.close(): ', '')).join('; ')}`);
    }
  }

  /** The singleton registered under `token`. */
  get<T>(token: Token): T {
    if (!this.injector) throw new Error('Call `await app.init(RootModule)` before `app.get(token)`.');
    return this.injector.get<T>(token);
  }
}
