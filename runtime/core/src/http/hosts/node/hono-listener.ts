import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ErrorReport } from '../../answer-rules.js';
import type { ServedHono } from '../../served-http.js';
import { writeError } from './node-answer.js';

/** The Node listener of the Hono app, and the way to build both ahead of the first request. */
export interface HonoListener {
  readonly listener: RequestListener;
  load(): Promise<RequestListener>;
}

/**
 * The Hono app served on Node through @hono/node-server, both imported when the first request
 * comes that the native path hands over (or at `load()`). Requests arriving meanwhile wait for the
 * one import; their bodies stay unread until the app reads them. A failed import answers 500 and
 * is logged, and the next request tries again.
 *
 * @example
 * const throughHono = honoListener(served.hono, '127.0.0.1', report);
 * http.createServer(nodeNativeListener(routes, options, throughHono.listener) ?? throughHono.listener);
 */
export function honoListener(hono: ServedHono, hostname: string | undefined, report: ErrorReport): HonoListener {
  let ready: RequestListener | undefined;
  let loading: Promise<RequestListener> | undefined;
  const load = (): Promise<RequestListener> => {
    loading ??= Promise.all([import('@hono/node-server'), hono.load()]).then(
      // @hono/node-server's env (`{ incoming, outgoing }`) becomes `c.env` as it is: `hostedAddress`
      // and `requestHeader` read Node's request from it, and no wrapper is allocated per request.
      ([{ getRequestListener }, app]) => (ready = getRequestListener(app.fetch, { hostname })),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const listener = (incoming: IncomingMessage, outgoing: ServerResponse): void => {
    if (ready) {
      void ready(incoming, outgoing);
      return;
    }
    load().then(
      (serve) => serve(incoming, outgoing),
      (error: unknown) => writeError(outgoing, error, 'the HTTP adapter', report, { incoming, path: incoming.url ?? '', observation: undefined }, undefined),
    );
  };
  return { listener, load };
}
