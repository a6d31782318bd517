import type { DestinationStream, Logger as PinoLogger, LoggerOptions } from 'pino';
import { WELL_KNOWN_CREDENTIAL_HEADERS } from '../network/credential-headers.js';
import { jsonLineWriter } from './json-line-writer.js';
import { loggedHeaders, loggedValue, MAX_LOGGED_VALUE } from './logged-headers.js';

/** Severity of the request lines and of everything the application logs through the same logger. */
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';

/**
 * `requestLog` of `ApplicationOptions`: one JSON line per HTTP request and gRPC call, through pino.
 *
 * @example
 * new FrameworkApplication(tables, { requestLog: { level: 'info', redact: ['headers["x-session"]'], headers: true } });
 */
export interface RequestLogOptions {
  /** Lines below this level are not written (default `info`: every request; `warn`: refusals and errors only). */
  readonly level?: LogLevel;
  /**
   * More pino redaction paths. Whatever the logger (yours too), every credential header is
   * redacted before a line is written: `Authorization`, `Cookie`, `X-API-Key` and the other
   * `WELL_KNOWN_CREDENTIAL_HEADERS`, the header of `ApiKeyModule` and of every `CredentialSource`
   * provider, and the token of a `Sec-WebSocket-Protocol: bearer, <token>`; values are cut to
   * `MAX_LOGGED_VALUE` (256) characters.
   */
  readonly redact?: readonly string[];
  /** Log the request headers (gRPC: the metadata) with each line, redacted. Default false. */
  readonly headers?: boolean;
  /** Where lines go (default: standard output, written asynchronously; `close()` flushes what is pending). */
  readonly destination?: DestinationStream;
  /** Your own pino logger (its level, redaction and destination win over the options above). */
  readonly logger?: PinoLogger;
}


/** One finished request or call, as written. */
export interface RequestRecord {
  readonly requestId: string;
  readonly traceId?: string;
  readonly spanId?: string;
  readonly transport: 'http' | 'grpc';
  readonly method: string;
  /** The route template; absent when no route matched (a 404). */
  readonly route?: string;
  readonly path?: string;
  readonly status: number;
  readonly durationMs: number;
  readonly client: string;
  readonly userAgent?: string;
  readonly headers?: Record<string, unknown>;
  readonly refusal?: string;
  readonly reason?: string;
  readonly err?: unknown;
}

/** A logger made on the first line; `flushes`: whether it may hold lines back (pino's Node build, writing asynchronously). */
interface LoadedLogger {
  readonly logger: PinoLogger;
  readonly flushes: boolean;
}

/** pino's numbers for the levels (a line is written when its level's number is at least the logger's). */
const LEVEL_VALUES: Readonly<Record<LogLevel, number>> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/**
 * The request log of one application, created once at `init`. A line per request at `info`;
 * refusals (guard, throttler, validation, body size) at `info` with their reason; a server error
 * at `error` with the error's stack (logged once, in the request's own line). pino is loaded when
 * the first line at an enabled level is written, not at `init`: a start pays nothing for it, and
 * an application at `warn` whose requests all succeed never loads it. Lines written meanwhile are
 * kept, in order, with the time they were written at.
 *
 * @example
 * const log = await RequestLog.create({ level: 'info' });
 * log.write({ requestId, transport: 'http', method: 'GET', route: '/todo/:id', status: 200, durationMs: 1.2, client: '127.0.0.1' }, false);
 */
export class RequestLog {
  private logger: PinoLogger | undefined;
  private flushes = true;
  /** pino could not be loaded: lines are dropped, not kept. */
  private unavailable = false;
  private loading: Promise<void> | undefined;
  private readonly waiting: { readonly time: number; readonly failed: boolean; readonly record: object }[] = [];
  /** The time a line kept while pino loaded was written at, for pino's `time` field. */
  private stamp: number | undefined;
  private readonly levelValue: number;

  private constructor(
    private readonly build: ((time: () => number) => Promise<LoadedLogger>) | PinoLogger,
    level: LogLevel,
    readonly withHeaders: boolean,
    /** Header names whose values never reach a line (lower case). */
    private readonly credentials: ReadonlySet<string>,
  ) {
    this.levelValue = LEVEL_VALUES[level];
    if (typeof build !== 'function') this.logger = build;
  }

  /** `credentials`: the application's credential headers (see `credentialHeadersOf`). */
  static async create(options: RequestLogOptions, credentials: ReadonlySet<string> = new Set(WELL_KNOWN_CREDENTIAL_HEADERS)): Promise<RequestLog> {
    if (options.logger) return new RequestLog(options.logger, 'trace', options.headers ?? false, credentials);
    const level = options.level ?? 'info';
    if (!Object.hasOwn(LEVEL_VALUES, level)) throw new Error(`requestLog.level must be one of ${Object.keys(LEVEL_VALUES).join(', ')}; got ${JSON.stringify(level)}.`);
    const build = async (time: () => number): Promise<LoadedLogger> => {
      const { pino } = await import('pino');
      const settings: LoggerOptions = { level, redact: { paths: [...(options.redact ?? [])], censor: '[redacted]' }, base: undefined };
      // pino's browser build (a Worker bundle's): no streams, so each record is written as a line at
      // once; its `timestamp` gives the value of `time` (typed for the Node build, which gives text).
      if (typeof pino.destination !== 'function') {
        const browser = { write: jsonLineWriter(options.destination) };
        return { logger: pino({ ...settings, timestamp: time as unknown as () => string, browser }), flushes: false };
      }
      // Asynchronous writes: a synchronous write per request would cost more than the request, and
      // lines written while one write is in flight go out together with the next.
      const logger = pino({ ...settings, timestamp: () => `,"time":${time()}` }, options.destination ?? pino.destination({ dest: 1, sync: false }));
      return { logger, flushes: true };
    };
    return new RequestLog(build, level, options.headers ?? false, credentials);
  }

  /** The logger, loaded on the first line; the lines written meanwhile go out first, in order. */
  private load(): Promise<void> {
    this.loading ??= (this.build as (time: () => number) => Promise<LoadedLogger>)(() => this.stamp ?? Date.now()).then(
      ({ logger, flushes }) => {
        this.flushes = flushes;
        this.logger = logger;
        // One line its destination refuses does not keep back those after it.
        for (const line of this.waiting.splice(0)) {
          this.stamp = line.time;
          try {
            this.emit(logger, line.record, line.failed);
          } catch (error) {
            console.error('request log: a line could not be written;', error);
          }
        }
        this.stamp = undefined;
      },
      (error: unknown) => {
        // Without pino no line can be written: none is kept any more, and that is said once.
        this.unavailable = true;
        this.waiting.length = 0;
        console.error('request log: pino could not be loaded, so no request line is written;', error);
      },
    );
    return this.loading;
  }

  private emit(logger: PinoLogger, record: object, failed: boolean): void {
    if (failed) logger.error(record, 'request failed');
    else logger.info(record, 'request completed');
  }

  /** Writes one line; `failed` (a 5xx) at `error`, everything else at `info`. Credentials redacted, long values cut. */
  write(written: RequestRecord, failed: boolean): void {
    const { headers, userAgent, path } = written;
    const short = (text: string | undefined) => text === undefined || text.length <= MAX_LOGGED_VALUE;
    const record =
      headers === undefined && short(userAgent) && short(path)
        ? written
        : { ...written, path: loggedValue(path), userAgent: loggedValue(userAgent), headers: headers && loggedHeaders(headers, this.credentials) };
    if (this.logger) return this.emit(this.logger, record, failed);
    if (this.unavailable || (failed ? LEVEL_VALUES.error : LEVEL_VALUES.info) < this.levelValue) return;
    this.waiting.push({ time: Date.now(), failed, record });
    void this.load();
  }

  /** Writes what pino still buffers (called by `app.close()`). */
  async flush(): Promise<void> {
    if (!this.logger) await this.loading;
    const logger = this.logger;
    if (!logger || !this.flushes) return;
    return new Promise((resolve) => {
      // A destination that cannot flush (a plain object with `write`) never calls back: `close()`
      // waits for it a second at most.
      const bound = setTimeout(resolve, 1000);
      const done = (): void => {
        clearTimeout(bound);
        resolve();
      };
      try {
        logger.flush(done);
      } catch {
        done();
      }
    });
  }
}
