/**
 * Typed handler parameters: the converters the compiler emits per parameter (of every value of a
 * repeated query key for an array), pipes, and the reader of a validated `@Query()` class.
 *
 * @example
 * import { ParseArrayPipe, ParseIntPipe, ParseUUIDPipe, type PipeTransform } from '@framework/core';
 */
export { asString, asNumber, asBoolean, asDate, oneOf, type Converter } from './convert.js';
export { ParseIntPipe, ParseUUIDPipe, transformWith, type PipeTransform, type ArgumentMetadata, type ParseIntOptions } from './pipes.js';
export { ParseArrayPipe, type ParseArrayOptions, type ArrayItems, type ArrayItemOf } from './parse-array-pipe.js';
export { asStrings, asNumbers, asBooleans, asDates, eachOf, MAX_QUERY_VALUES, type ListConverter } from './query-values.js';
export { validatedQuery, type QuerySource } from './query-dto.js';
