/** HTTP controllers and their routes. Plain data, as the rest of the IR (see `index.ts`). */

import type { RouteApiIR } from './api.js';
import type { ChainIR } from './chain.js';
import type { ParamIR } from './params.js';
import type { SourceLocation } from './source.js';

export interface RouteIR {
  readonly methodName: string;
  /** The method name: routes' `source`, and where route diagnostics point. */
  readonly location: SourceLocation;
  /** The method decorator (`@Get('/:id')`), for path diagnostics. */
  readonly decoratorLocation: SourceLocation;
  readonly httpMethod: string;
  /** The path argument as written (not yet joined with the prefix). */
  readonly path: string;
  readonly status: number;
  /** The argument of `@HttpCode(…)` when there is one, where status diagnostics point (FW1207, FW1208). */
  readonly statusLocation?: SourceLocation;
  /** What the handler returns, from its declared (else inferred) return type (FW1208). */
  readonly returns?: ReturnIR;
  /** Not callable from the generated file (private, protected or static). */
  readonly inaccessible?: string;
  readonly params: readonly ParamIR[];
  readonly chain: ChainIR;
  /** `@BodyLimit(bytes)`: the route's own body limit, with where it is written. */
  readonly bodyLimit?: { readonly bytes: number; readonly location: SourceLocation };
  /** What the OpenAPI document and the typed client say of the route (see `ir/api.ts`). */
  readonly api?: RouteApiIR;
  /** `@Sse()` or `@Ws()`, with what the handler returns as far as a stream cares (FW2401, FW2402). */
  readonly stream?: { readonly kind: 'sse' | 'websocket'; readonly returns: 'iterable' | 'single' | 'empty' | 'unknown'; readonly text: string };
  /** `@SetHeader(name, value)`s, in the order written. */
  readonly setHeaders?: readonly { readonly name: string; readonly value: string; readonly location: SourceLocation }[];
  /** `@Redirect(url, status)`; `location` is the status argument's (or the decorator's). */
  readonly redirect?: { readonly url: string; readonly status: number; readonly location: SourceLocation };
  /** `@Version(…)` on the handler. */
  readonly version?: VersionIR;
}

/** The versions of `@Version(…)` or `@Controller({ version })`: named ones, and whether VERSION_NEUTRAL is among them. */
export interface VersionIR {
  readonly values: readonly string[];
  readonly neutral?: true;
  readonly location: SourceLocation;
}

/**
 * A handler's return type, classified for the null-body statuses: `empty` (void, undefined, null,
 * never, or a Promise of those), `response` (a `Response`, sent as built), `value` (a body), or
 * `unknown` (any, unknown).
 */
export interface ReturnIR {
  readonly kind: 'empty' | 'response' | 'value' | 'unknown';
  /** The type as written, or as inferred when not annotated. */
  readonly text: string;
}

/** An HTTP controller. Other families (gRPC, in `grpc.ts`) add their own variant with a distinct `family`. */
export interface HttpControllerIR {
  readonly family: 'http';
  readonly prefix: string;
  /** `@Controller({ version })`. */
  readonly version?: VersionIR;
  readonly chain: ChainIR;
  readonly routes: readonly RouteIR[];
  /** Its JSDoc text (the description of its tag in the OpenAPI document). */
  readonly doc?: string;
}
