import type { HttpRouteEntry } from '../../contract/tables.js';
import type { HostExchange } from '../pipeline/host-exchange.js';
import type { BodySource } from './body-source.js';
import { FormReader } from './form-reader.js';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from './upload-limits.js';

export type { FormReader };

/** The default body limit, as `ApplicationOptions.bodyLimit` sets it. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The form reader of a route, built once at init, or `undefined` for a route without a form. The
 * route's `@BodyLimit` takes the place of the application's body limit.
 *
 * @example
 * this.form = formReaderFor(entry, bounds); // in HttpRoute
 */
export function formReaderFor(entry: HttpRouteEntry, bounds: { readonly uploads?: UploadLimits; readonly bodyLimit?: number } | undefined): FormReader | undefined {
  if (!entry.form) return undefined;
  return new FormReader(entry.form, bounds?.uploads ?? DEFAULT_UPLOAD_LIMITS, entry.bodyLimit ?? bounds?.bodyLimit ?? DEFAULT_BODY_LIMIT);
}

/** What `loadForm` sets on the call. */
export interface FormCall {
  body: unknown;
  setResponseHeader(name: string, value: string): void;
}

/**
 * A form route's body step, the one touch point of a host: reads the body from `source` into an
 * `UploadedForm` set as `call.body`. `onEnd` hands the host the form's `dispose`, which it calls
 * when the call ends however it ends (answered, thrown, the client gone, timed out); without it
 * (a host that cannot tell) the files are kept in memory, so there is nothing to delete. A refused
 * body's answer closes the connection, since the rest of the body was not read.
 *
 * @example
 * loadForm(route.form, call, streamSource(request.body), { 'content-type': request.headers.get('content-type') ?? undefined }, undefined);
 */
export function loadForm(
  reader: FormReader,
  call: FormCall,
  source: BodySource,
  headers: { readonly 'content-type'?: string | undefined; readonly 'content-length'?: string | undefined },
  onEnd: ((dispose: () => Promise<void>) => void) | undefined,
): Promise<void> {
  return reader.read(source, headers['content-type'], headers['content-length'], onEnd).then(
    (form) => void (call.body = form),
    (error: unknown) => {
      call.setResponseHeader('connection', 'close');
      throw error;
    },
  );
}

/**
 * A form route's body step over the host port: the port's body stream within the route's own
 * limit, the temporary files deleted when the exchange closes (`onClose`), however it ends.
 *
 * @example
 * if (route.form) return loadFormFrom(exchange, route.form, call); // in the call's loadBody
 */
export function loadFormFrom(exchange: HostExchange, reader: FormReader, call: FormCall): Promise<void> {
  const headers = { 'content-type': exchange.header('content-type'), 'content-length': exchange.header('content-length') };
  const source = exchange.bodySource(reader.bodyLimit);
  return loadForm(reader, call, source, headers, (dispose) => exchange.onClose(() => void dispose()));
}
