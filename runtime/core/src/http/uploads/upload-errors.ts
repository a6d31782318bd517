import { HttpException } from '../../exceptions/http-exception.js';
import { MalformedBodyException } from '../../exceptions/request-exceptions.js';

/** The limit of `UploadLimits` (or of a file's decorator) a form crossed, as its 413 names it. */
export type UploadLimitName = 'bodyBytes' | 'fileBytes' | 'fieldFiles' | 'fields' | 'parts' | 'fieldNameBytes' | 'fieldBytes';

/**
 * 413 sent as soon as a `multipart/form-data` body crosses one of its limits; the rest of the body
 * is not read, so the answer also closes the connection.
 *
 * @example
 * { "status": 413, "name": "UploadLimitException", "message": "File 'avatar' is larger than the limit of 1048576 bytes", "limit": "fileBytes", "field": "avatar" }
 */
export class UploadLimitException extends HttpException {
  constructor(
    readonly limit: UploadLimitName,
    message: string,
    readonly field?: string,
  ) {
    super(413, message);
    this.name = 'UploadLimitException';
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), limit: this.limit, ...(this.field === undefined ? {} : { field: this.field }) };
  }
}

/**
 * 415 sent when a file's bytes are not of a type its decorator's `types` allows. The type is told
 * from the bytes (magic numbers), never from the file's name or the type its sender declared.
 *
 * @example
 * { "status": 415, "name": "UploadTypeException", "message": "File 'avatar' is application/pdf by its bytes; it must be one of image/png, image/jpeg", "field": "avatar", "type": "application/pdf" }
 */
export class UploadTypeException extends HttpException {
  constructor(
    readonly field: string,
    readonly type: string,
    allowed: readonly string[],
  ) {
    super(415, `File '${field}' is ${type} by its bytes; it must be one of ${allowed.join(', ')}`);
    this.name = 'UploadTypeException';
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), field: this.field, type: this.type };
  }
}

/**
 * The parser's errors (of the form, or of a file part it was cut in), said of the form: a 400.
 *
 * @example
 * malformedForm(new Error('Unexpected end of form')).message; // 'The form ended before its closing boundary: the body is truncated'
 */
export function malformedForm(error: Error): MalformedBodyException {
  if (/unexpected end/i.test(error.message)) return new MalformedBodyException('The form ended before its closing boundary: the body is truncated');
  return new MalformedBodyException(`The form cannot be read: ${error.message}`);
}
