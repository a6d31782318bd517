import { InvalidParameterException, type ParameterPlace } from '../exceptions/request-exceptions.js';
import { got, required } from './convert.js';

/** What a pipe is told about the parameter it transforms. */
export interface ArgumentMetadata {
  /** Where the value comes from. */
  readonly type: ParameterPlace;
  /** The parameter's name (`id` for `@Param('id', …)`). */
  readonly data: string;
}

/**
 * A pipe transforms (or refuses, by throwing an HttpException) the raw value of a parameter before
 * the handler gets it: `@Param('id', ParseIntPipe)`, `@Query('tag', new ParseIntPipe({ min: 1 }))`,
 * or a class of your own. A pipe class named in the decorator is created by the injector (it may
 * have dependencies); `new Pipe(…)` with literal arguments is created once by the generated tables.
 *
 * @example
 * export class TrimPipe implements PipeTransform<string | undefined, string> {
 *   transform(value: string | undefined) { return (value ?? '').trim(); }
 * }
 */
export interface PipeTransform<In = string | undefined, Out = unknown> {
  transform(value: In, metadata: ArgumentMetadata): Out | Promise<Out>;
}

export interface ParseIntOptions {
  /** Smallest accepted value (inclusive). */
  readonly min?: number;
  /** Largest accepted value (inclusive). */
  readonly max?: number;
}

/**
 * An integer in base 10, optionally within `[min, max]`; anything else is a 400 naming the parameter.
 *
 * @example
 * @Get('/:page') page(@Param('page', new ParseIntPipe({ min: 1, max: 500 })) page: number) {}
 */
export class ParseIntPipe implements PipeTransform<string | undefined, number> {
  constructor(private readonly options: ParseIntOptions = {}) {}

  transform(raw: string | undefined, metadata: ArgumentMetadata): number {
    const value = required(raw, metadata.data, metadata.type);
    const parsed = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(parsed)) {
      throw new InvalidParameterException(metadata.data, metadata.type, `must be an integer, ${got(value)}`);
    }
    const { min, max } = this.options;
    if ((min !== undefined && parsed < min) || (max !== undefined && parsed > max)) {
      const range = min !== undefined && max !== undefined ? `between ${min} and ${max}` : min !== undefined ? `at least ${min}` : `at most ${max}`;
      throw new InvalidParameterException(metadata.data, metadata.type, `must be ${range}, got ${parsed}`);
    }
    return parsed;
  }
}

// RFC 9562: versions 1 to 8 of its variant, and the nil and max UUIDs (NestJS's pipe takes the same).
const uuid = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/i;

/**
 * A UUID (versions 1 to 8, or the nil and max UUIDs; any case), returned as written; anything else
 * is a 400 naming the parameter.
 *
 * @example
 * @Get('/:id') findOne(@Param('id', ParseUUIDPipe) id: string) {}
 */
export class ParseUUIDPipe implements PipeTransform<string | undefined, string> {
  transform(raw: string | undefined, metadata: ArgumentMetadata): string {
    const value = required(raw, metadata.data, metadata.type);
    if (!uuid.test(value)) throw new InvalidParameterException(metadata.data, metadata.type, `must be a UUID, ${got(value)}`);
    return value;
  }
}

/**
 * Calls a pipe's `transform` with the value and the parameter's metadata, typed by the pipe: the
 * generated tables call pipes through it, so `tsc` checks the value against what the pipe takes
 * and its result against the parameter, even when `transform` declares only the value.
 *
 * @example
 * await transformWith(p[0] as TrimPipe, a.query('name'), $meta0)
 */
export function transformWith<P extends { transform(value: never, metadata: ArgumentMetadata): unknown }>(
  pipe: P,
  value: Parameters<P['transform']>[0],
  metadata: ArgumentMetadata,
): ReturnType<P['transform']> {
  return (pipe.transform as (value: unknown, metadata: ArgumentMetadata) => ReturnType<P['transform']>).call(pipe, value, metadata);
}
