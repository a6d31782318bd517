import type { MiddlewareFunction } from '../tables.js';
import type { ApplicationTables, Class, Token } from '../tables.js';
import type { ExceptionFilter, FrameworkMiddleware, OnAppBootstrap, OnAppClose } from '../chain/contracts.js';
import { prepareHandler, type GlobalChain } from '../chain/pipeline.js';
import { Injector } from '../di/injector.js';
import { buildHonoApp } from '../http/hono-app.js';
import type { Logger } from '../http/respond.js';
import { serverAdapterForRuntime, type HttpEnv, type HttpListener, type ServerBindings } from '../http/server-adapter.js';
import type { Hono } from 'hono';
import { assertTablesMatch } from './stale-check.js';
import type { ApplicationTransport, TransportHost } from './transport.js';

export interface ApplicationOptions {
  /** Largest accepted request body in bytes (default 1 MiB); larger ones get a 413. */
  readonly bodyLimit?: number;
  /** Where errors and warnings go (default `console`). */
  readonly logger?: Logger;
}

function hasHook<K extends string>(instance: unknown, hook: K): instance is Record<K, () => unknown> {
  return typeof instance === 'object' && instance !== null && typeof (instance as Record<string, unknown>)[hook] === 'function';
}

/**
 * An application built from the tables `framework-build` generated for its root module.
 *
 * @example
 * import { tables } from '../generated/tables.js';
 * const app = new FrameworkApplication(tables);
 * await app.init(AppModule);
 * const port = await app.listen(Number(process.env.PORT ?? 3000));
 */
export class FrameworkApplication {
  private readonly transports: ApplicationTransport[] = [];
  private readonly globalMiddleware: (FrameworkMiddleware | MiddlewareFunction)[] = [];
  private readonly globalFilters: ExceptionFilter[] = [];
  private readonly logger: Logger;
  private readonly bodyLimit: number;
  private injector?: Injector;
  private http?: Hono<HttpEnv>;
  private listener?: HttpListener;

  constructor(
    private readonly tables?: ApplicationTables,
    options: ApplicationOptions = {},
  ) {
    this.logger = options.logger ?? console;
    this.bodyLimit = options.bodyLimit ?? 1024 * 1024;
  }

  /** Adds a transport (the gRPC server does this in its constructor). Must happen before `init`. */
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

  // Chains are composed once at init; a later registration would silently never run.
  private assertNotInitialised(method: string): void {
    if (this.injector) throw new TypeError(`app.${method}() was called after init(); call it before \`await app.init(RootModule)\`.`);
  }

  /**
   * Checks the tables against the code, creates every singleton, prepares one chain per handler,
   * attaches the transports and runs `onAppBootstrap` hooks.
   */
  async init(rootModule: Class): Promise<this> {
    const tables = this.tables;
    assertTablesMatch(tables, rootModule);
    const grpcControllers = tables.grpc.map((service) => tables.providers[service.controller]!.name);
    if (grpcControllers.length > 0 && !this.transports.some((t) => t.name === 'grpc')) {
      throw new TypeError(
        `${grpcControllers.join(', ')} ${grpcControllers.length === 1 ? 'carries' : 'carry'} gRPC metadata but no gRPC transport is registered, and the HTTP router has no path for ${grpcControllers.length === 1 ? 'it' : 'them'}. ` +
          'Construct `new GrpcServer(app)` before `await app.init(RootModule)`.',
      );
    }
    const injector = new Injector(tables.providers);
    injector.createSingletons();
    this.injector = injector;

    const globals: GlobalChain = { guard: tables.globalGuard, middleware: this.globalMiddleware, filters: this.globalFilters };
    const host: TransportHost = {
      tables,
      injector,
      logger: this.logger,
      prepare: (entry, options) => prepareHandler(entry, injector, globals, options),
    };
    this.http = buildHonoApp(
      tables.routes.map((entry) => ({
        entry,
        controllerClass: tables.providers[entry.controller]!.useClass!,
        run: host.prepare(entry, { readsBody: entry.readsBody }),
      })),
      { bodyLimit: this.bodyLimit, logger: this.logger },
    );
    for (const transport of this.transports) await transport.attach(host);
    for (const [, instance] of injector.singletonInstances()) {
      if (hasHook<keyof OnAppBootstrap>(instance, 'onAppBootstrap')) await instance.onAppBootstrap();
    }
    return this;
  }

  /**
   * Starts the HTTP server on the runtime's own server: `Deno.serve` on Deno (needs
   * `--allow-net`), @hono/node-server on Node. Resolves with the bound port (0 picks a free one).
   * Without `hostname` it listens on every interface, IPv6 and IPv4.
   *
   * @example
   * const port = await app.listen(Number(process.env.PORT ?? 3000));
   * await app.listen(0, '127.0.0.1'); // loopback only, a free port
   */
  async listen(port = 3000, hostname?: string): Promise<number> {
    if (!this.http) throw new Error('Call `await app.init(RootModule)` before `app.listen(port)`.');
    const serve = await serverAdapterForRuntime();
    this.listener = await serve(this.http, port, hostname);
    return this.listener.port;
  }

  /**
   * The Web-standard fetch handler of the HTTP routes, for in-process calls and other servers.
   * A server that hosts it passes `ServerBindings` as second argument for
   * `getRemoteAddress()` (the throttler's default key); without them the address is `''`.
   */
  get fetch(): (request: Request, bindings?: ServerBindings) => Response | Promise<Response> {
    if (!this.http) throw new Error('Call `await app.init(RootModule)` before using `app.fetch`.');
    return this.http.fetch;
  }

  /**
   * Stops accepting calls, lets in-flight ones finish (Node: `server.close()`; Deno:
   * `server.shutdown()`), closes transports, runs `onAppClose` hooks.
   */
  async close(): Promise<void> {
    await Promise.all([this.listener?.close(), ...this.transports.map((t) => t.close())]);
    this.listener = undefined;
    if (!this.injector) return;
    for (const [, instance] of this.injector.singletonInstances()) {
      if (hasHook<keyof OnAppClose>(instance, 'onAppClose')) await instance.onAppClose();
    }
    this.injector = undefined;
  }

  /** The singleton registered under `token`. */
  get<T>(token: Token): T {
    if (!this.injector) throw new Error('Call `await app.init(RootModule)` before `app.get(token)`.');
    return this.injector.get<T>(token);
  }
}
