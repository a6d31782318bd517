import { parameterNames } from './compiled-router.js';
import type { PreparedHandler } from '../chain/call.js';
import type { HandlerRuntime } from '../chain/call-base.js';
import type { BodyEntry, HttpRouteEntry } from '../contract/tables.js';
import type { HttpRouteTelemetry } from '../telemetry/http-route-telemetry.js';
import type { AnswerEncoding } from './encoding/answer-encoding.js';
import type { ValidationReason } from '../exceptions/request-exceptions.js';
import type { Class } from '../types/class.js';
import { bodyValidatorFor, compiledBodyCheckFor, type BodyCheck, type BodyValidator } from '../validation/body-validator.js';
import { isSchemaEntry } from '../validation/schema-check.js';
import { DEFAULT_MAX_REASONS } from '../validation/reason-cap.js';
import { jsonParserFor, type JsonBodyParser } from './json-body.js';
import type { CookieSettings } from './cookies/cookie-options.js';
import type { VersionRule } from './versioning/version-rule.js';
import { DEFAULT_MAX_BODY_DEPTH, DEFAULT_MAX_BODY_VALUES, MAX_BODY_DEPTH_SETTING, type JsonBounds } from './json-depth.js';
import { formReaderFor, type FormReader } from './uploads/form-route.js';
import type { UploadLimits } from './uploads/upload-limits.js';

/** What bounds the work a body costs: its JSON depth and values, and the reasons its 400 lists. */
export interface BodyBounds extends JsonBounds {
  readonly maxReasons: number;
  /** What bounds a `multipart/form-data` body (defaults: `DEFAULT_UPLOAD_LIMITS`). */
  readonly uploads?: UploadLimits;
  /** The application's body limit, which a form route without `@BodyLimit` reads its bodies within. */
  readonly bodyLimit?: number;
}

/**
 * The body bounds of the application's options, defaults filled in; a bound that is not a whole
 * number of at least 1 is a TypeError at construction, not a silent limit.
 */
export function resolveBodyBounds(options: { readonly maxBodyDepth?: number; readonly maxBodyValues?: number; readonly maxValidationReasons?: number }): BodyBounds {
  const bound = (name: string, value: number | undefined, fallback: number, most = Number.MAX_SAFE_INTEGER): number => {
    if (value === undefined) return fallback;
    if (!Number.isInteger(value) || value < 1 || value > most) {
      throw new TypeError(`FrameworkApplication: ${name} must be a whole number from 1 to ${most} (default ${fallback}); got ${String(value)}.`);
    }
    return value;
  };
  return {
    maxDepth: bound('maxBodyDepth', options.maxBodyDepth, DEFAULT_MAX_BODY_DEPTH, MAX_BODY_DEPTH_SETTING),
    maxValues: bound('maxBodyValues', options.maxBodyValues, DEFAULT_MAX_BODY_VALUES),
    maxReasons: bound('maxValidationReasons', options.maxValidationReasons, DEFAULT_MAX_REASONS),
  };
}

/** The methods an `@All()` route answers. */
export const ALL_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

/** A route's chain: the whole of it, and the handler alone when nothing surrounds it (see `TransportHost.bareHandler`). */
export interface RouteChain {
  readonly run: PreparedHandler;
  readonly bare: PreparedHandler | undefined;
}

/**
 * Everything about one HTTP route that its calls share, read by both adapters: the table
 * entry, the prepared chain, the body steps. It is also the `HandlerRuntime` every call of the route points to.
 *
 * What `init` must check (guards' and interceptors' preparation, a form's limits, the start of
 * class-validator's import) is done when it is built; what checks nothing — the chain of a route
 * with no layer, its JSON parser, its compiled body check, its parameter names — is made on the
 * route's first request, so that an application of thousands of routes starts without building
 * what most of them may never use.
 */
export class HttpRoute implements HandlerRuntime<HttpRouteEntry> {
  /** The application's cookie settings (signer, trusted proxies), set by the transport at attach. */
  cookies?: CookieSettings;
  /** Under header or media-type versioning, the versions it answers; set by the transport at attach. */
  versionRule?: VersionRule;
  /** A form route's reader of its `multipart/form-data` bodies (see `uploads/`). */
  readonly form?: FormReader;
  // Made on first use (see the class comment); `undefined` until then.
  #chain: RouteChain | undefined;
  #parseJson: JsonBodyParser | undefined;
  #validate: BodyValidator | undefined;
  #check: BodyCheck | undefined;
  #bodySteps = false;
  #paramNames: readonly string[] | undefined;

  constructor(
    readonly entry: HttpRouteEntry,
    readonly controllerClass: Class,
    /** The route's chain, or how to prepare it on first use (for a chain whose preparation checks nothing). */
    private readonly chain: RouteChain | (() => RouteChain),
    /** The route's telemetry, when the application observes anything (see `Observability`). */
    readonly telemetry?: HttpRouteTelemetry,
    private readonly bounds?: BodyBounds,
    /** What is done to its answers' bodies (compression, conditional GET); absent when nothing. */
    readonly encoding?: AnswerEncoding,
  ) {
    if (typeof chain !== 'function') this.#chain = chain;
    this.form = formReaderFor(entry, bounds);
    // A DTO left to class-validator starts loading it now, so the first request does not wait.
    if (entry.body && !compiledOnly(entry.body)) this.bodySteps();
  }

  /** Whether its chain is made: false for a route prepared on its first request until then. */
  get prepared(): boolean {
    return this.#chain !== undefined;
  }

  /** The route's whole chain. */
  get run(): PreparedHandler {
    return (this.#chain ??= (this.chain as () => RouteChain)()).run;
  }

  /** The handler alone, when nothing surrounds it (see `TransportHost.bareHandler`). */
  get bare(): PreparedHandler | undefined {
    return (this.#chain ??= (this.chain as () => RouteChain)()).bare;
  }

  /** Parses the body's text as JSON (with the route's Content-Type and emptiness rules). */
  get parseJson(): JsonBodyParser {
    return (this.#parseJson ??= jsonParserFor(this.entry, this.bounds));
  }

  /** The DTO's validator (compiled, or class-validator's), for the chain's body step. */
  get validate(): BodyValidator | undefined {
    if (!this.#bodySteps) this.bodySteps();
    return this.#validate;
  }

  /** The DTO's compiled check, for answering an invalid body without an exception. */
  get check(): BodyCheck | undefined {
    if (!this.#bodySteps) this.bodySteps();
    return this.#check;
  }

  /**
   * Whether the body route can be served in one step (read, parse, compiled check, handler):
   * nothing surrounds the handler, and its DTO, if any, compiled.
   */
  get servesBareBody(): boolean {
    return this.bare !== undefined && this.entry.readsBody && !this.form && (!this.entry.body || this.check !== undefined);
  }

  /** The `:name` parameters of the path, in order (`/todo/:id` → `['id']`). */
  get paramNames(): readonly string[] {
    return (this.#paramNames ??= parameterNames(this.entry.path));
  }

  /**
   * A bare body route's body from its text, the same on every host: parsed with the route's rules,
   * then checked by the compiled check, whose failures go to `reasons`. Throws a malformed body's 400.
   */
  checkedBody(method: string, contentType: string | undefined, text: string, reasons: ValidationReason[]): unknown {
    const parsed = this.parseJson(method, contentType, text);
    const check = this.check;
    return check ? check(parsed, reasons) : parsed;
  }

  private bodySteps(): void {
    const body = this.entry.body;
    this.#bodySteps = true;
    if (!body) return;
    const maxReasons = this.bounds?.maxReasons;
    this.#check = compiledBodyCheckFor(body, maxReasons);
    this.#validate = bodyValidatorFor(body, maxReasons, this.#check);
  }
}

/** Whether a body's checks are compiled functions (nothing to load or check before its first request). */
function compiledOnly(body: BodyEntry): boolean {
  return !isSchemaEntry(body) && body.validate !== undefined;
}
