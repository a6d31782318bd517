import type { Context } from 'hono';
import { isThenable } from '../../../types/thenable.js';
import type { HttpRoute } from '../../http-route.js';
import { bodyReadFailure } from '../../json-body.js';
import { requestHeader } from './request-header.js';

/**
 * The chain's body step on a Hono context: reads the text, parses it with the route's rules,
 * validates it with the route's DTO validator and sets `call.body`, in one promise step.
 *
 * @example
 * await readHonoBody(c, call, route); // call.body is the validated DTO
 */
export function readHonoBody(c: Context, call: { body: unknown }, route: HttpRoute): Promise<void> {
  const { validate } = route;
  return c.req.text().then(
    (text) => {
      const parsed = route.parseJson(c.req.method, requestHeader(c, 'content-type'), text);
      const body = validate ? validate(parsed) : parsed;
      // The class-validator fallback answers with a promise; a compiled validator never does.
      if (isThenable(body)) return Promise.resolve(body).then((value) => void (call.body = value));
      call.body = body;
    },
    (error: unknown) => {
      throw bodyReadFailure(error);
    },
  );
}
