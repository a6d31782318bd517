/**
 * Typed handler parameters: the converters the compiler emits per parameter, pipes, and the
 * reader of a validated `@Query()` class.
 *
 * @example
 * import { ParseIntPipe, ParseUUIDPipe, type PipeTransform } from '@framework/core';
 */
export { asString, asNumber, asBoolean, asDate, oneOf, type Converter } from './convert.js';
export { ParseIntPipe, ParseUUIDPipe, transformWith, type PipeTransform, type ArgumentMetadata, type ParseIntOptions } from './pipes.js';
export { validatedQuery } from './query-dto.js';
