import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BodyTooLargeException, RequestAbortedException } from '../exceptions/request-exceptions.js';

/**
 * Refuses bodies over `maxSize` bytes with a 413. A body with a declared length is judged by its
 * `Content-Length` alone, without touching the request stream: that keeps @hono/node-server's
 * fast body read (it buffers straight from the socket unless `request.body` was opened). Chunked
 * bodies, whose size is only known while reading, go through Hono's streaming `bodyLimit`.
 *
 * @example
 * app.post('/todo', limitBody(1024 * 1024), handler);
 */
export function limitBody(maxSize: number): MiddlewareHandler {
  const tooLarge = (c: Context) => {
    // The unread rest of the body makes the connection unusable: tell the client not to reuse it.
    c.header('connection', 'close');
    return c.json(new BodyTooLargeException(maxSize).toJSON(), 413);
  };
  const streaming = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(declared) > maxSize ? Promise.resolve(tooLarge(c)) : next();
    }
    // Hono's limit reads a chunked body before calling `next`: a failure before then is the
    // client closing the connection mid-body, not an error of the server.
    let reached = false;
    return streaming(c, () => {
      reached = true;
      return next();
    }).catch((error: unknown) => {
      throw reached ? error : new RequestAbortedException({ cause: error });
    });
  };
}
