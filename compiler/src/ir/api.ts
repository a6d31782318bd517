/**
 * What the OpenAPI document and the typed client need of a route beyond what the runtime tables
 * need: its documentation, the exceptions it declares, whether it is `@Public()`, and the JSON
 * Schema of what it returns, read through the type checker.
 */

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { readonly [key: string]: JsonValue };
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A handler's result: `schema` refers to `named` types as `#/components/schemas/<name>`. */
export interface ResultSchemaIR {
  /** `events` for an `@Sse()` stream (the schema is each event's data); `json` for objects, arrays, numbers…; `text` for a string (sent as `text/plain`); `empty` for void; `any` for a `Response` or `unknown`. */
  readonly media: 'json' | 'text' | 'empty' | 'any' | 'events';
  readonly schema: JsonSchema;
  /** The classes and interfaces the schema names, by component name. */
  readonly named: Readonly<Record<string, JsonSchema>>;
}

/** An exception a handler declares (`@throws {NotFoundException}`) or throws in its body (`throw new ConflictException()`). */
export interface ThrownIR {
  readonly status: number;
  /** The exception's class name. */
  readonly name: string;
  /** The text after the type in a `@throws` tag. */
  readonly doc?: string;
}

export interface RouteApiIR {
  /** The first sentence of the handler's JSDoc. */
  readonly summary?: string;
  /** The whole JSDoc text, when it says more than the summary. */
  readonly description?: string;
  /** `@Public()` on the handler or its controller. */
  readonly public: boolean;
  /** `@deprecated` in the handler's JSDoc. */
  readonly deprecated?: true;
  readonly throws: readonly ThrownIR[];
  readonly result: ResultSchemaIR;
}
