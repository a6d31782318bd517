/** Handler parameters: where each value comes from, its conversion and its pipes. Plain data, as the rest of the IR (see `index.ts`). */

import type { DtoIR } from './dtos.js';
import type { SchemaIR } from './schemas.js';
import type { ClassUse, SourceLocation, ValueRef } from './source.js';

/** How a handler parameter gets its value. */
export type ParamSource =
  | { readonly kind: 'req' }
  /** `@Body()`; `unvalidated` for `@Body({ validate: false })`. */
  | { readonly kind: 'body'; readonly unvalidated?: true }
  | { readonly kind: 'query'; readonly name?: string }
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'header'; readonly name?: string }
  /** `@Cookie(name)`; `signed` for `@Cookie(name, { signed: true })`. */
  | { readonly kind: 'cookie'; readonly name: string; readonly signed?: true }
  | { readonly kind: 'context' }
  /** `@Form()`: the text fields of a `multipart/form-data` body, converted and validated as `dto`. */
  | { readonly kind: 'form' }
  /** `@UploadedFile(field, …)` (`many`: `@UploadedFiles`): the files of one form field. */
  | { readonly kind: 'file'; readonly upload: UploadIR }
  /** `@Messages()`: the client's messages of a `@Ws()` route, an `AsyncIterable` of `dto` (the element type). */
  | { readonly kind: 'messages' }
  /** `@GrpcPayload()`; `stream` for `@GrpcStream()`, the incoming messages of a client-streaming RPC. */
  | { readonly kind: 'payload'; readonly stream?: true }
  /** `@GrpcMetadata()` (whole metadata) or `@GrpcMetadata('key')` (the key's values). */
  | { readonly kind: 'metadata'; readonly name?: string }
  /** A parameter decorator of another transport (`@Body()` on a gRPC handler): `decorator` names it. */
  | { readonly kind: 'foreign'; readonly decorator: string }
  /** No decorator the compiler reads; `unread` when FW1016 reported one it could not resolve there. */
  | { readonly kind: 'none'; readonly unread?: true };

/** One file field of a form, as `@UploadedFile(field, options)` / `@UploadedFiles(field, options)` declare it. */
export interface UploadIR {
  readonly field: string;
  /** `@UploadedFiles`: an array of files. */
  readonly many: boolean;
  readonly maxCount?: number;
  readonly maxBytes?: number;
  readonly types?: readonly string[];
  /** Where `maxBytes` and `types` are written (FW1212, FW1213), else the decorator. */
  readonly maxBytesLocation?: SourceLocation;
  readonly typesLocation?: SourceLocation;
}

/** How the text of one path or query value becomes a scalar of the declared type. */
export type ScalarConversionIR =
  | { readonly kind: 'string' | 'number' | 'boolean' | 'date' }
  /** An enum or a union of string (or of number) literals: these values. */
  | { readonly kind: 'oneOf'; readonly values: readonly string[] | readonly number[] };

/** How the text of a path or query parameter becomes the declared type (see `discover/param-types.ts`). */
export type ConversionIR =
  | ScalarConversionIR
  /** A query parameter declared as an array of a scalar (`tags: string[]`): every value of its key, each converted as `item`. */
  | { readonly kind: 'array'; readonly item: ScalarConversionIR }
  /**
   * A type no conversion exists for (FW1801, FW1803): `type` as written; `item`, the element type
   * of a query array whose elements do not convert (FW1804).
   */
  | { readonly kind: 'unsupported'; readonly type: string; readonly item?: string };

/** A pipe given to `@Param(name, …)` or `@Query(name, …)`. */
export type PipeIR =
  /** A class: created by the injector, so it becomes a provider. */
  | { readonly kind: 'class'; readonly cls: ClassUse; readonly ref: ValueRef }
  /** `new Pipe(<static arguments>)`: created once by the generated tables; `args` as JSON text (global constructors as their names: `{ "items": Number }`). */
  | { readonly kind: 'instance'; readonly cls: ClassUse; readonly ref: ValueRef; readonly args: readonly string[] };

/**
 * Pipes whose types do not meet: `input`, a pipe whose `transform` cannot take what it is given;
 * `output`, a last pipe whose result is not the parameter's declared type. Types as written by tsc.
 */
export interface PipeMismatchIR {
  /**
   * `one-value`: a query array whose first pipe (`pipe`) takes one text, and whose last pipe's
   * result (`given`) is not the declared array, or a later pipe of which takes every value (`then`).
   */
  readonly kind: 'input' | 'output' | 'one-value';
  readonly pipe: string;
  /** What the pipe is given (`input`) or what the last pipe produces (`output`). */
  readonly given: string;
  /** Where `given` comes from, in words. */
  readonly source: string;
  /** What the pipe takes (`input`) or the parameter's declared type (`output`). */
  readonly expected: string;
  /** The pipe (`input`, `one-value`) or the parameter's name (`output`). */
  readonly location: SourceLocation;
  /**
   * `one-value` only: a later pipe that takes every value of the key (`ParseArrayPipe`), which
   * `pipe` before it hands one value; its class name and the argument as written.
   */
  readonly then?: { readonly name: string; readonly text: string };
}

/** A member of a `@Query()` class with the conversion of its declared type. */
export interface QueryMemberIR {
  readonly name: string;
  readonly conversion: ConversionIR;
  readonly location: SourceLocation;
}

export interface ParamIR {
  readonly index: number;
  readonly name: string;
  readonly typeText: string;
  readonly source: ParamSource;
  /** For `@Body()`, `@Form()` and a whole `@Query()`: the DTO when the type is a class, else absent (then FW1204 for a body, unless `unvalidated`). */
  readonly dto?: DtoIR;
  /**
   * For `@Body()` declared as an array (`ItemDto[]`, `readonly ItemDto[]`, `Array<ItemDto>`): the
   * body is a JSON array, each element validated as `dto` (absent when the element is not a class:
   * FW1204); `element` is the element type as written.
   */
  readonly array?: { readonly element: string };
  /** For `@Body({ schema })` and `@Query({ schema })`: the Standard Schema it is validated with (instead of a DTO). */
  readonly schema?: SchemaIR;
  /** For `@Param(name)` and `@Query(name)`: how the text becomes the declared type. */
  readonly conversion?: ConversionIR;
  /** The parameter accepts `undefined` (`?`, a default value, or `| undefined` in its type). */
  readonly optional?: true;
  /** Pipes given after the name, applied in order instead of the conversion. */
  readonly pipes?: readonly PipeIR[];
  /**
   * A `@Query(name)` declared as an array whose first pipe takes a string array (`ParseArrayPipe`):
   * the pipes are given every value of the key (at most `MAX_QUERY_VALUES`), not the first.
   */
  readonly pipesTakeEvery?: true;
  /** Where the types of those pipes do not meet (FW2308, FW2309, FW1811). */
  readonly pipeMismatch?: PipeMismatchIR;
  /** For a whole `@Query()` or a `@Form()` of a class type: its members' conversions. */
  readonly queryMembers?: readonly QueryMemberIR[];
  /** The declared type when generated code can import it by name (a plain reference to an exported type). */
  readonly typeRef?: ValueRef;
  /** Names of the declared type's data properties, when it is an object type (gRPC payload check). */
  readonly typeFields?: readonly string[];
  readonly location: SourceLocation;
}
