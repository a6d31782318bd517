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

/** All query parameters, or the one named. @example list(@Query('page') page: string | undefined) {} */
export function Query(_name?: string): ParameterDecorator {
  return marker;
}

/** A `:name` path segment. @example findOne(@Param('id') id: string) {} */
export function Param(_name: string): ParameterDecorator {
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
