import { recordController, recordRoute } from './records.js';

/**
 * Declares an HTTP controller. Its routes are `prefix` + the path of each method decorator.
 *
 * @example
 * @Controller('/todo')
 * export class TodoController {
 *   @Get('/:id') findOne(@Param('id') id: string) { … }
 * }
 */
export function Controller(prefix = ''): ClassDecorator {
  return (target) => recordController(target, prefix);
}

function route(method: string) {
  return (path = ''): MethodDecorator =>
    (target, key) => recordRoute(target.constructor, { method, path, key });
}

/** Binds the method to `GET prefix+path`. @example @Get('/:id') findOne(@Param('id') id: string) {} */
export const Get = route('GET');
/** Binds the method to `POST prefix+path`. @example @Post() create(@Body() dto: CreateTodoDto) {} */
export const Post = route('POST');
/** Binds the method to `PUT prefix+path`. @example @Put('/:id') update(@Param('id') id: string) {} */
export const Put = route('PUT');
/** Binds the method to `DELETE prefix+path`. @example @Delete('/:id') remove(@Param('id') id: string) {} */
export const Delete = route('DELETE');
/** Binds the method to `PATCH prefix+path`. @example @Patch('/:id') patch(@Param('id') id: string) {} */
export const Patch = route('PATCH');
/**
 * Binds the method to `HEAD prefix+path`; GET requests of the path still go to its `@Get()` route.
 * Without a `@Head()` route, HEAD requests are answered by the path's GET route, without the body.
 *
 * @example @Head('/:id') exists(@Param('id') id: string) {}
 */
export const Head = route('HEAD');
/** Binds the method to `OPTIONS prefix+path`. @example @Options() describe() {} */
export const Options = route('OPTIONS');
/** Binds the method to every HTTP method on `prefix+path`. @example @All('/echo') echo(@Req() req: HttpRequest) {} */
export const All = route('ALL');

/**
 * Sets the success status of a handler (default 200).
 *
 * @example
 * @Post() @HttpCode(201) create(@Body() dto: CreateTodoDto) {}
 */
export function HttpCode(_status: number): MethodDecorator {
  return () => undefined;
}
