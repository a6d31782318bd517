import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { observationOf } from './observed-route.js';
import { requestHeader } from './request-header.js';
import { BodyTooLargeException, RequestAbortedException } from '../../../exceptions/request-exceptions.js';

type RouteHandler<C extends Context> = (c: C) => Response | Promise<Response>;

/**
 * Wraps a route handler so that bodies over `maxSize` bytes are refused with a 413. A body with a
 * declared length is judged by its `Content-Length` alone, without touching the request stream:
 * that keeps @hono/node-server's fast body read (it buffers straight from the socket unless
 * `request.body` was opened). Chunked bodies, whose size is only known while reading, go through
 * Hono's streaming `bodyLimit`. One handler rather than a middleware in front: Hono runs a route
 * of one handler without its middleware composition.
 *
 * @example
 * app.post('/todo', withBodyLimit(1024 * 1024, handler));
 */
export function withBodyLimit<C extends Context>(maxSize: number, handler: RouteHandler<C>): RouteHandler<C> {
  const tooLarge = (c: Context) => {
    // The unread rest of the body makes the connection unusable: tell the client not to reuse it.
    c.header('connection', 'close');
    observationOf(c)?.refuse('body_too_large', `body over ${maxSize} bytes`);
    return c.json(new BodyTooLargeException(maxSize).toJSON(), 413);
  };
  const streaming = bodyLimit({ maxSize, onError: tooLarge });
  return (c) => {
    const declared = requestHeader(c, 'content-length');
    if (declared !== undefined && requestHeader(c, 'transfer-encoding') === undefined) {
      return Number(declared) > maxSize ? tooLarge(c) : handler(c);
    }
    // Hono's limit reads a chunked body before calling `next`: a failure before then is the
    // client closing the connection mid-body, not an error of the server.
    let reached = false;
    // Hono's middleware returns what `next` returns: here the handler's Response (its types say void).
    const answer = streaming(c, () => {
      reached = true;
      return handler(c) as Promise<never>;
    }) as Promise<Response>;
    return answer.catch((error: unknown) => {
      throw reached ? error : new RequestAbortedException({ cause: error });
    });
  };
}
