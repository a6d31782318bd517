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
export function Controller(prefixOrOptions: string | ControllerOptions = ''): ClassDecorator {
  const prefix = typeof prefixOrOptions === 'string' ? prefixOrOptions : (prefixOrOptions.path ?? '');
  return (target) => recordController(target, prefix);
}

/** The versions a route answers: `@Version('2')`, several, or `VERSION_NEUTRAL` (any version, and none). */
export type VersionValue = string | typeof VERSION_NEUTRAL | readonly (string | typeof VERSION_NEUTRAL)[];

/**
 * A route of this version answers requests of any version, and requests that name none
 * (`@Version(VERSION_NEUTRAL)`); under URI versioning it keeps its path without a prefix.
 */
export const VERSION_NEUTRAL: unique symbol = Symbol.for('framework.version-neutral');

/** `@Controller({ path, version })`: the prefix, and the version of every route that sets none itself. */
export interface ControllerOptions {
  readonly path?: string;
  readonly version?: VersionValue;
}

/**
 * The API version(s) a handler answers, chosen by the application's `versioning` option: a path
 * prefix (`/v2/todo`), a header, or a media-type parameter. Overrides the controller's version.
 *
 * @example
 * @Get() @Version('2') findAllV2() {}
 * @Get() @Version(['1', VERSION_NEUTRAL]) findAll() {}
 */
export function Version(_version: VersionValue): MethodDecorator {
  return () => undefined;
}

/**
 * A response header every successful answer of the handler carries (an error's answer does not).
 * Headers the framework writes itself (`Content-Length`, `Transfer-Encoding`, …) are a build
 * error (FW2602); for a value known only per call, use `context.setHeader`.
 *
 * @example
 * @Get() @SetHeader('Cache-Control', 'max-age=60') findAll() {}
 */
export function SetHeader(_name: string, _value: string): MethodDecorator {
  return () => undefined;
}

/**
 * Answers the handler's calls with a redirect to `url` (status 302 unless given; a status that is
 * not 3xx is a build error, FW2601). The handler may return `{ url, status }` to redirect
 * elsewhere for one call; anything else it returns is ignored.
 *
 * @example
 * @Get('docs') @Redirect('https://docs.example.com', 301) docs() {}
 * @Get('next') @Redirect('/') next(@Query('to') to?: string) { return to ? { url: `/${to}` } : undefined; }
 */
export function Redirect(_url = '', _status = 302): MethodDecorator {
  return () => undefined;
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
