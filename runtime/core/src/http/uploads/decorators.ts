/**
 * The decorators of a `multipart/form-data` route. `framework-build` reads them and emits the
 * route's form (its files, their limits and types) and the reads of each parameter; at run time
 * they do nothing.
 */

/** Options of `@UploadedFile(field, options)`. */
export interface UploadedFileOptions {
  /** Bytes the file may have (default: the application's `uploads.maxFileBytes`, 1 MiB). */
  readonly maxBytes?: number;
  /**
   * MIME types the file's bytes must be of, told by their magic numbers (`file-type`), never by
   * the file's name or declared type; `text/plain` is UTF-8 text without control characters.
   * A file of another type is a 415.
   */
  readonly types?: readonly string[];
}

/** Options of `@UploadedFiles(field, options)`. */
export interface UploadedFilesOptions extends UploadedFileOptions {
  /** Files the field may hold (default 10); one more is a 413. */
  readonly maxCount?: number;
}

const marker: ParameterDecorator = () => undefined;

/**
 * The text fields of a `multipart/form-data` body as the parameter's class: members converted to
 * their declared types (`number`, `boolean`, `Date`, a literal union) and validated by the same
 * compiled validators as a JSON `@Body()` (every member needs a class-validator decorator: FW1201).
 *
 * @example
 * @Post('/profile')
 * save(@Form() profile: ProfileForm, @UploadedFile('avatar', { types: ['image/png'] }) avatar: File) {}
 */
export function Form(): ParameterDecorator {
  return marker;
}

/**
 * The one file sent in form field `field`, as a Web `File` (`name`, `size`, `type` told from its
 * bytes, `stream()`, `arrayBuffer()`); a large file is backed by a temporary file, deleted when the
 * call ends. A parameter that is not optional makes the file required (a 400 without it); a second
 * file in the field is a 413.
 *
 * @example
 * attach(@UploadedFile('file', { maxBytes: 1 << 20, types: ['image/png', 'image/jpeg'] }) file: File) {}
 * attach(@UploadedFile('file') file?: File) {} // optional
 */
export function UploadedFile(_field: string, _options?: UploadedFileOptions): ParameterDecorator {
  return marker;
}

/**
 * Every file sent in form field `field`, in order, as Web `File`s (an empty array when none came).
 *
 * @example
 * album(@UploadedFiles('photos', { maxCount: 5, maxBytes: 5 << 20, types: ['image/jpeg'] }) photos: File[]) {}
 */
export function UploadedFiles(_field: string, _options?: UploadedFilesOptions): ParameterDecorator {
  return marker;
}

/**
 * The route's own body limit in bytes, in place of the application's `bodyLimit` (1 MiB by
 * default), for a JSON body as for a form: what lets an upload route take files larger than
 * that, and only that route (or a route keep its bodies smaller than the rest).
 *
 * @example
 * @Post('/videos') @BodyLimit(200 * 1024 * 1024)
 * upload(@UploadedFile('video', { maxBytes: 200 * 1024 * 1024 }) video: File) {}
 */
export function BodyLimit(_bytes: number): MethodDecorator {
  return () => undefined;
}
