/**
 * Uploads: `multipart/form-data` bodies streamed through @fastify/busboy into Web `File`s, with finite
 * limits and types checked by the files' bytes (see docs/uploads.md).
 *
 * @example
 * import { Form, UploadedFile, UploadedFiles, BodyLimit } from '@framework/core';
 */
export { Form, UploadedFile, UploadedFiles, BodyLimit, type UploadedFileOptions, type UploadedFilesOptions } from './decorators.js';
export { UploadedForm, uploadedFile, uploadedFiles, validatedForm } from './uploaded-form.js';
export { UploadLimitException, UploadTypeException, type UploadLimitName } from './upload-errors.js';
export { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './upload-limits.js';
