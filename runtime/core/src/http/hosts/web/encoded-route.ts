import { isThenable } from '../../../types/thenable.js';
import type { AnswerEncoding } from '../../encoding/answer-encoding.js';
import { encodeResponse, webCompressors } from '../../encoding/web-encoded-response.js';
import type { HonoRouteHandler } from './route-handler.js';

/**
 * A route's handler with its answers encoded (`encoding/web-encoded-response.ts`): compressed
 * with `CompressionStream`, tagged for conditional GET.
 *
 * @example
 * const handler = route.encoding ? encodedRoute(route.encoding, inner) : inner;
 */
export function encodedRoute(encoding: AnswerEncoding, inner: HonoRouteHandler): HonoRouteHandler {
  return (c) => {
    const request = { method: c.req.raw.method, header: (name: string) => c.req.header(name) };
    const answer = inner(c);
    return isThenable(answer) ? Promise.resolve(answer).then((response) => encodeResponse(encoding, request, response, webCompressors)) : encodeResponse(encoding, request, answer, webCompressors);
  };
}
