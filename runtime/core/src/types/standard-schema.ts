/**
 * The Standard Schema v1 interface (https://standardschema.dev), declared here as its authors
 * intend it to be: copied, so that no schema library is a dependency of `@framework/core`. Zod 4,
 * Valibot 1 and ArkType 2 values all satisfy it.
 *
 * @example
 * import { z } from 'zod';
 * const CreateTodo = z.object({ title: z.string().min(1) });
 * type Dto = StandardSchemaV1.InferOutput<typeof CreateTodo>; // { title: string }
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

// A namespace of types only, as the specification names them (`StandardSchemaV1.InferOutput`).
export declare namespace StandardSchemaV1 {
  /** What the `~standard` property holds. */
  export interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    /** The library (`zod`, `valibot`, `arktype`). */
    readonly vendor: string;
    /** Validates a value: its output, or the issues. Sync or async, as the schema requires. */
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  export interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  export interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  /** One problem found; libraries add their own fields (`code` for Zod and ArkType, `type` for Valibot). */
  export interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  export interface PathSegment {
    readonly key: PropertyKey;
  }
  export interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  /** What the schema accepts. */
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['input'];
  /** What a successful validation gives (after the schema's transforms and defaults). */
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output'];
}

/** Whether a value is a Standard Schema v1 (an object or function with a `~standard` of version 1). */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as { '~standard'?: { version?: unknown; validate?: unknown } })['~standard'];
  return typeof props === 'object' && props !== null && props.version === 1 && typeof props.validate === 'function';
}
