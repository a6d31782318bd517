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

/** What bounds the work a body costs: its JSON depth and values, the reasons its 400 lists, a form's limits. */
export interface BodyBounds extends JsonBounds {
  readonly maxReasons: number;
  readonly uploads?: UploadLimits;
  /** The application's body limit, for a form route without `@BodyLimit`. */
  readonly bodyLimit?: number;
}

/** The body bounds of the application's options, defaults filled in; a bound not a whole number ≥ 1 is a TypeError. */
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

export const ALL_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

/** A route's chain, and the handler alone when nothing surrounds it (`TransportHost.bareHandler`). */
export interface RouteChain {
  readonly run: PreparedHandler;
  readonly bare: PreparedHandler | undefined;
}

/**
 * What the calls of one HTTP route share (its `HandlerRuntime`): the entry, the chain, the body
 * steps. What `init` must check is done when it is built; what checks nothing (a chain without
 * layers, the JSON parser, the compiled check, the parameter names) on its first request, so that
 * thousands of routes start without building what most may never use.
 */
export class HttpRoute implements HandlerRuntime<HttpRouteEntry> {
  /** Set by the transport at attach. */
  cookies?: CookieSettings;
  /** Under header or media-type versioning, set by the transport at attach. */
  versionRule?: VersionRule;
  readonly form?: FormReader;
  // Made on first use.
  #chain: RouteChain | undefined;
  #parseJson: JsonBodyParser | undefined;
  #validate: BodyValidator | undefined;
  #check: BodyCheck | undefined;
  #bodySteps = false;
  #paramNames: readonly string[] | undefined;

  constructor(
    readonly entry: HttpRouteEntry,
    readonly controllerClass: Class,
    /** The chain, or how to prepare it on first use. */
    private readonly chain: RouteChain | (() => RouteChain),
    readonly telemetry?: HttpRouteTelemetry,
    private readonly bounds?: BodyBounds,
    /** Compression and conditional GET; absent when nothing. */
    readonly encoding?: AnswerEncoding,
  ) {
    if (typeof chain !== 'function') this.#chain = chain;
    this.form = formReaderFor(entry, bounds);
    // A DTO left to class-validator starts loading it now, so the first request does not wait.
    if (entry.body && !compiledOnly(entry.body)) this.bodySteps();
  }

  get prepared(): boolean {
    return this.#chain !== undefined;
  }

  get run(): PreparedHandler {
    return (this.#chain ??= (this.chain as () => RouteChain)()).run;
  }

  get bare(): PreparedHandler | undefined {
    return (this.#chain ??= (this.chain as () => RouteChain)()).bare;
  }

  get parseJson(): JsonBodyParser {
    return (this.#parseJson ??= jsonParserFor(this.entry, this.bounds));
  }

  get validate(): BodyValidator | undefined {
    if (!this.#bodySteps) this.bodySteps();
    return this.#validate;
  }

  get check(): BodyCheck | undefined {
    if (!this.#bodySteps) this.bodySteps();
    return this.#check;
  }

  /** Whether the body route is served in one step: nothing surrounds the handler, its DTO (if any) compiled. */
  get servesBareBody(): boolean {
    return this.bare !== undefined && this.entry.readsBody && !this.form && (!this.entry.body || this.check !== undefined);
  }

  get paramNames(): readonly string[] {
    return (this.#paramNames ??= parameterNames(this.entry.path));
  }

  /** A bare body route's body, parsed and checked (failures to `reasons`); throws a malformed body's 400. */
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

/** Whether a body's checks are compiled functions (nothing to load before its first request). */
function compiledOnly(body: BodyEntry): boolean {
  return !isSchemaEntry(body) && body.validate !== undefined;
}
