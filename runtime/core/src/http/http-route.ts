import { parameterNames } from './compiled-router.js';
import type { PreparedHandler } from '../chain/call.js';
import type { HandlerRuntime } from '../chain/call-base.js';
import type { HttpRouteEntry } from '../contract/tables.js';
import type { HttpRouteTelemetry } from '../telemetry/http-route-telemetry.js';
import type { AnswerEncoding } from './encoding/answer-encoding.js';
import type { ValidationReason } from '../exceptions/request-exceptions.js';
import type { Class } from '../types/class.js';
import { bodyValidatorFor, compiledBodyCheckFor, type BodyCheck, type BodyValidator } from '../validation/body-validator.js';
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
 *
 * @example
 * resolveBodyBounds({ maxValidationReasons: 10 }); // { maxDepth: 128, maxValues: 100000, maxReasons: 10 }
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

/**
 * Everything about one HTTP route that its calls share, built once at init and read by both
 * adapters: the table entry, the prepared chain,
 * the body steps. It is also the `HandlerRuntime` every call of the route points to.
 *
 * @example
 * const route = new HttpRoute(entry, TodoController, host.prepare(entry, { readsBody: true }), host.bareHandler(entry));
 * route.servesBareBody; // true: read, parse, check and call the handler in one step
 */
export class HttpRoute implements HandlerRuntime<HttpRouteEntry> {
  /** Parses the body's text as JSON (with the route's Content-Type and emptiness rules). */
  readonly parseJson: JsonBodyParser;
  /** The DTO's validator (compiled, or class-validator's), for the chain's body step. */
  readonly validate?: BodyValidator;
  /** The DTO's compiled check, for answering an invalid body without an exception. */
  readonly check?: BodyCheck;
  /**
   * Whether the body route can be served in one step (read, parse, compiled check, handler):
   * nothing surrounds the handler, and its DTO, if any, compiled.
   */
  readonly servesBareBody: boolean;
  /** The `:name` parameters of the path, in order (`/todo/:id` → `['id']`). */
  readonly paramNames: readonly string[];
  /** The application's cookie settings (signer, trusted proxies), set by the transport at attach. */
  cookies?: CookieSettings;
  /** Under header or media-type versioning, the versions it answers; set by the transport at attach. */
  versionRule?: VersionRule;
  /** A form route's reader of its `multipart/form-data` bodies (see `uploads/`). */
  readonly form?: FormReader;

  constructor(
    readonly entry: HttpRouteEntry,
    readonly controllerClass: Class,
    /** The route's whole chain. */
    readonly run: PreparedHandler,
    /** The handler alone, when nothing surrounds it (see `TransportHost.bareHandler`). */
    readonly bare: PreparedHandler | undefined,
    /** The route's telemetry, when the application observes anything (see `Observability`). */
    readonly telemetry?: HttpRouteTelemetry,
    bounds?: BodyBounds,
    /** What is done to its answers' bodies (compression, conditional GET); absent when nothing. */
    readonly encoding?: AnswerEncoding,
  ) {
    this.parseJson = jsonParserFor(entry, bounds);
    this.validate = entry.body ? bodyValidatorFor(entry.body, bounds?.maxReasons) : undefined;
    this.check = entry.body ? compiledBodyCheckFor(entry.body, bounds?.maxReasons) : undefined;
    this.paramNames = parameterNames(entry.path);
    this.form = formReaderFor(entry, bounds);
    this.servesBareBody = bare !== undefined && entry.readsBody && !this.form && (!entry.body || this.check !== undefined);
  }

  /**
   * A bare body route's body from its text, the same on every host: parsed with the route's rules,
   * then checked by the compiled check, whose failures go to `reasons`. Throws a malformed body's 400.
   *
   * @example
   * const reasons: ValidationReason[] = [];
   * const body = route.checkedBody('POST', 'application/json', '{"title":1}', reasons); // reasons: 1
   */
  checkedBody(method: string, contentType: string | undefined, text: string, reasons: ValidationReason[]): unknown {
    const parsed = this.parseJson(method, contentType, text);
    return this.check ? this.check(parsed, reasons) : parsed;
  }
}
