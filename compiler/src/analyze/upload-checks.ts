import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ParamIR, RouteIR, UploadIR } from '../ir/index.js';
import { KNOWN_UPLOAD_TYPES } from './upload-types.js';

/** The application's default `bodyLimit`: what a route without `@BodyLimit` reads within, as far as the build can tell. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** What a form route's table entry says of its files (see `FormEntry` in the runtime's contract). */
export interface FormModel {
  readonly files: readonly (UploadIR & { readonly required: boolean })[];
}

/** Names often written for a known type, and the name its bytes are told as. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'image/x-png': 'image/png', 'text/txt': 'text/plain', 'application/x-pdf': 'application/pdf', 'application/x-zip-compressed': 'application/zip',
};

const decoratorOf = (param: ParamIR): string => (param.source.kind === 'form' ? 'Form' : param.source.kind === 'file' && param.source.upload.many ? 'UploadedFiles' : 'UploadedFile');

/**
 * The form of a route whose parameters read one (`@Form()`, `@UploadedFile()`, `@UploadedFiles()`),
 * else undefined.
 *
 * @example
 * formOf(route) // { files: [{ field: 'file', many: false, maxBytes: 1048576, types: ['image/png'], required: true }] }
 */
export function formOf(route: RouteIR): FormModel | undefined {
  const params = route.params.filter((p) => p.source.kind === 'form' || p.source.kind === 'file');
  if (params.length === 0) return undefined;
  const files = params.flatMap((p) => (p.source.kind === 'file' ? [{ ...p.source.upload, required: !p.source.upload.many && p.optional !== true }] : []));
  return { files };
}

/**
 * FW2701 (a form on a handler that takes no body), FW2702 (`@Form()` not of a class), FW2703
 * (`types` naming a type no file is told to be), FW2704 (`maxBytes` above the route's body limit),
 * FW2705 (`@Body()` beside a form).
 *
 * @example
 * checkUploads(route, 'TodoController.attach') // [FW2704 at the maxBytes of @UploadedFile('file', …)]
 */
export function checkUploads(route: RouteIR, handler: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const formParams = route.params.filter((p) => p.source.kind === 'form' || p.source.kind === 'file');
  if (formParams.length === 0) return out;
  const why = route.stream
    ? `it is ${route.stream.kind === 'sse' ? 'an @Sse()' : 'a @Ws()'} route, opened by a GET`
    : ['GET', 'HEAD', 'OPTIONS'].includes(route.httpMethod)
      ? `it serves ${route.httpMethod}, whose requests carry no body`
      : undefined;
  const body = route.params.find((p) => p.source.kind === 'body');
  for (const param of formParams) {
    const decorator = decoratorOf(param);
    if (why) out.push(diagnostic('FW2701', param.location, { decorator, handler, why }));
    if (body) out.push(diagnostic('FW2705', param.location, { handler, body: body.name, decorator, form: param.name }));
    if (param.source.kind === 'form' && !param.dto) out.push(diagnostic('FW2702', param.location, { param: param.name, handler, type: param.typeText }));
    if (param.source.kind !== 'file') continue;
    const { upload } = param.source;
    for (const type of upload.types ?? []) {
      if (KNOWN_UPLOAD_TYPES.has(type)) continue;
      // Only the names people write for a known type: a spelling guess among 170 MIME types misleads more than it helps.
      const suggestion = ALIASES[type.toLowerCase()];
      out.push(diagnostic('FW2703', upload.typesLocation ?? param.location, { decorator, field: upload.field, handler, type, ...(suggestion ? { suggestion } : {}) }));
    }
    const limit = route.bodyLimit?.bytes ?? DEFAULT_BODY_LIMIT;
    if (upload.maxBytes !== undefined && upload.maxBytes > limit) {
      // The multipart framing around a file costs a few hundred bytes: the limit to raise to leaves room for it.
      const needed = Math.ceil((upload.maxBytes * (upload.maxCount ?? 1) + 64 * 1024) / 1024) * 1024;
      out.push(
        diagnostic('FW2704', upload.maxBytesLocation ?? param.location, {
          decorator, field: upload.field, handler, maxBytes: String(upload.maxBytes), limit: String(limit), needed: String(needed), ...(route.bodyLimit ? { raised: 'yes' } : {}),
        }),
      );
    }
  }
  return out;
}
