import type { Class } from '../types/class.js';
import type { StandardSchemaV1 } from '../types/standard-schema.js';

/** A pipe given to `@Param`/`@Query` after the name: a pipe class, or `new Pipe(…)` with literal arguments. */
export type PipeArgument = Class | { transform(value: never, metadata: never): unknown };

/**
 * Parameter decorators. `framework-build` turns each into a direct read in the generated
 * `invoke` closure; at run time they do nothing.
 */
const marker: ParameterDecorator = () => undefined;

/** The HTTP request (`raw` is the Web `Request`, `header(name)` reads a header). @example find(@Req() req: HttpRequest) {} */
export function Req(): ParameterDecorator {
  return marker;
}

/** Options of `@Body(...)`: either `{ validate: false }` or `{ schema }`. */
export type BodyOptions =
  | {
      /**
       * `false` hands the handler the parsed JSON without any check: the one explicit way to take a
       * body whose type is not a validated class (without it, `framework-build` reports FW1204).
       */
      readonly validate: false;
    }
  | {
      /**
       * A Standard Schema value (Zod 4, Valibot 1, ArkType 2…) the body is validated with, instead of
       * the parameter's class: an exported or module-level `const`, which the generated tables
       * import. The parameter is typed with the schema's output (see docs/standard-schema.md).
       */
      readonly schema: StandardSchemaV1;
    };

/** Options of a whole `@Query(...)` object: the Standard Schema its text values are validated with. */
export interface QueryOptions {
  /** A Standard Schema value, as for `@Body({ schema })`; it receives every query value as text (coerce there). */
  readonly schema: StandardSchemaV1;
}

/**
 * The request body, validated against the parameter's class (a DTO whose members carry
 * class-validator decorators) or a Standard Schema given as `{ schema }`. `@Body({ validate: false })`
 * takes the parsed JSON unchecked, on purpose.
 *
 * @example
 * create(@Body() dto: CreateTodoDto) {}
 * create(@Body({ schema: CreateTodo }) dto: z.output<typeof CreateTodo>) {} // Zod, Valibot, ArkType…
 * hook(@Body({ validate: false }) event: unknown) {} // the handler checks it itself
 */
export function Body(_options?: BodyOptions): ParameterDecorator {
  return marker;
}

/**
 * All query parameters (a plain record, a class validated like a body, or the output of the
 * Standard Schema given as `{ schema }`), or the one named, converted to its declared type
 * (`number`, `boolean`, `Date`, an enum, a literal union) or passed through the pipes given after the name.
 *
 * @example
 * list(@Query('limit') limit = 20, @Query('sort') sort?: 'asc' | 'desc') {}
 * search(@Query() query: SearchQueryDto) {}
 * page(@Query({ schema: PageQuery }) page: z.output<typeof PageQuery>) {}
 */
export function Query(_nameOrOptions?: string | QueryOptions, ..._pipes: PipeArgument[]): ParameterDecorator {
  return marker;
}

/**
 * A `:name` path segment, converted to the declared type (a 400 names the parameter when it does
 * not convert), or passed through the pipes given after the name.
 *
 * @example
 * findOne(@Param('id') id: number) {}
 * findOne(@Param('id', ParseUUIDPipe) id: string) {}
 */
export function Param(_name: string, ..._pipes: PipeArgument[]): ParameterDecorator {
  return marker;
}

/** All request headers, or the one named. @example find(@Header('accept') accept: string | undefined) {} */
export function Header(_name?: string): ParameterDecorator {
  return marker;
}

/**
 * The call's execution context (transport, state set by guards such as verified token claims).
 * Works on HTTP and gRPC handlers alike.
 *
 * @example
 * me(@Ctx() context: ExecutionContext) { return claimsOf(context); }
 */
export function Ctx(): ParameterDecorator {
  return marker;
}

/** Options of `@Cookie(name, options)`. */
export interface CookieReadOptions {
  /**
   * The cookie was set with `context.setSignedCookie`: its signature is checked against the
   * application's `cookies.secrets`, and a missing or forged one reads as absent.
   */
  readonly signed?: boolean;
}

/**
 * One request cookie, converted to its declared type as `@Query(name)` is (`number`, `boolean`,
 * `Date`, an enum, a literal union; a 400 names the cookie when it does not convert; optional with
 * `?` or a default) or passed through the pipes given after the name (or after the options).
 * `{ signed: true }` reads a cookie set by `context.setSignedCookie`.
 *
 * @example
 * list(@Cookie('theme') theme: 'light' | 'dark' = 'light', @Cookie('page-size') size?: number) {}
 * me(@Cookie('session', { signed: true }) userId: string) {}
 */
export function Cookie(_name: string, ..._optionsOrPipes: (CookieReadOptions | PipeArgument)[]): ParameterDecorator {
  return marker;
}
