import type { Entry } from './entry.js';

/**
 * FW26xx: uploads, the `multipart/form-data` routes of `@Form()`, `@UploadedFile()` and `@UploadedFiles()`.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * uploadsCatalogue.FW2703.severity // 'error'
 */
export const uploadsCatalogue = {
  FW2701: {
    severity: 'error',
    message: (a) => `@${a.decorator}() on ${a.handler} reads a multipart/form-data body, but ${a.why}, so there is never a form to read.`,
    hint: () => 'serve the handler with @Post(), @Put() or @Patch(), or remove the parameter.',
  },
  FW2702: {
    severity: 'error',
    message: (a) => `@Form() parameter '${a.param}' of ${a.handler} has type ${a.type}, which is not a validated class, so the form's fields would reach the handler unchecked.`,
    hint: () => 'declare a class whose members carry class-validator decorators (as for a @Body() DTO) and use it as the parameter type.',
  },
  FW2703: {
    severity: 'error',
    message: (a) => `The types of @${a.decorator}('${a.field}') on ${a.handler} name '${a.type}', which is not a type a file can be told to be from its bytes, so no file would ever be accepted as one.`,
    hint: (a) =>
      a.suggestion
        ? `did you mean '${a.suggestion}'?`
        : "name MIME types with a known signature (image/png, image/jpeg, application/pdf…; see docs/uploads.md) or 'text/plain' for text.",
  },
  FW2704: {
    severity: 'error',
    message: (a) => `@${a.decorator}('${a.field}') on ${a.handler} allows files of ${a.maxBytes} bytes, above the route's body limit of ${a.limit} bytes${a.raised ? '' : ' (the default bodyLimit)'}, so a file that large would be refused with a 413 before it is read.`,
    hint: (a) => `raise the route's limit with @BodyLimit(${a.needed}) on ${a.handler}, or lower maxBytes to ${a.limit} or less.`,
  },
  FW2705: {
    severity: 'error',
    message: (a) => `${a.handler} reads its body both as JSON (@Body() '${a.body}') and as a multipart/form-data form (@${a.decorator}() '${a.form}'), but a request has one body of one type.`,
    hint: () => "read the form's text fields with @Form() instead of @Body(), or move the upload to a handler of its own.",
  },
} satisfies Record<string, Entry>;
