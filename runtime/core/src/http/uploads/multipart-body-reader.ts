import type { BodyReader } from '../pipeline/extension-points.js';
import { streamSource } from './body-source.js';

/**
 * The pipeline's body reader of `multipart/form-data` (extension point d, docs/http-pipeline.md):
 * for a form route, streams the port's body (`exchange.bodyStream`) through the route's
 * `FormReader`, within the route's own body limit (its `@BodyLimit`, else the application's), and
 * deletes the form's temporary files when the exchange closes, however it ends.
 *
 * @example
 * http.pipeline.addBodyReader(multipartBodyReader);
 */
export const multipartBodyReader: BodyReader = {
  mediaTypes: ['multipart/form-data'],
  prepare(route) {
    const { form } = route;
    if (!form) return undefined;
    return (exchange) =>
      form.read(
        streamSource(exchange.bodyStream(form.bodyLimit)),
        exchange.header('content-type'),
        exchange.header('content-length'),
        (dispose) => exchange.onClose(() => void dispose()),
      );
  },
};
