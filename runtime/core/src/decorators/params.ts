import type { Class } from '../types/class.js';

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

/** Options of `@Body(...)`. */
export interface BodyOptions {
  /**
   * `false` hands the handler the parsed JSON without any check: the one explicit way to take a
   * body whose type is not a validated class (without it, `framework-build` reports FW1204).
   */
  readonly validate: false;
}

/**
 * The request body, validated against the parameter's class (a DTO whose members carry
 * class-validator decorators). `@Body({ validate: false })` takes the parsed JSON unchecked, on purpose.
 *
 * @example
 * create(@Body() dto: CreateTodoDto) {}
 * hook(@Body({ validate: false }) event: unknown) {} // the handler checks it itself
 */
export function Body(_options?: BodyOptions): ParameterDecorator {
  return marker;
}

/**
 * All query parameters (a plain record, or a class validated like a body), or the one named,
 * converted to its declared type (`number`, `boolean`, `Date`, an enum, a literal union) or
 * passed through the pipes given after the name.
 *
 * @example
 * list(@Query('limit') limit = 20, @Query('sort') sort?: 'asc' | 'desc') {}
 * search(@Query() query: SearchQueryDto) {}
 */
export function Query(_name?: string, ..._pipes: PipeArgument[]): ParameterDecorator {
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
