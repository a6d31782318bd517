import { SERVED_HTTP, type ServingApplication } from '../../served-http.js';
import { exchangeDispatch } from '../web/web-route.js';
import type { LambdaExchange } from './lambda-exchange.js';

/** What `lambdaHandler` serves: anything with the application's `fetch` (a `FrameworkApplication` once `init` ran). */
export interface FetchingApplication {
  readonly fetch: (request: Request, bindings?: { remoteAddress(): string }) => Response | Promise<Response>;
}

/** The application, or how to start it: called once per container, on the first event. */
export type ApplicationSource = FetchingApplication | (() => FetchingApplication | Promise<FetchingApplication>);

/** Serves one exchange; settles once what it answered is handed to the exchange. */
export type ExchangeServer = (exchange: LambdaExchange) => void | Promise<void>;

/**
 * The server of the application of `source`, started on first need and kept; a failed start is
 * forgotten, so the next call tries again instead of failing every event of the container.
 *
 * @example
 * const serving = servingOnce(async () => new FrameworkApplication(tables).init(AppModule));
 * (await serving())(new LambdaExchange(request, answer));
 */
export function servingOnce(source: ApplicationSource): () => Promise<ExchangeServer> {
  let serving: Promise<ExchangeServer> | undefined;
  return () =>
    (serving ??= Promise.resolve()
      .then(typeof source === 'function' ? source : () => source)
      .then(exchangeServerOf)
      .catch((error: unknown) => {
        serving = undefined;
        throw error;
      }));
}

/**
 * An application's events served through its pipeline (a `FrameworkApplication`: no Web
 * `Request` made); anything else with a `fetch` gets the exchange's `Request`, and its `Response`
 * is the answer.
 */
function exchangeServerOf(app: FetchingApplication): ExchangeServer {
  const served = (app as Partial<ServingApplication>)[SERVED_HTTP];
  if (typeof served === 'function') {
    const dispatch = exchangeDispatch<LambdaExchange>(served.call(app));
    return (exchange) => dispatch(exchange, undefined);
  }
  return async (exchange) => {
    const response = await app.fetch(exchange.webRequest(new AbortController().signal), { remoteAddress: () => exchange.remoteAddress() });
    await exchange.sendResponse(response, undefined);
  };
}
