/**
 * A GET route the HTTP transport serves beside the application's routes, outside the request
 * chain: the docs page's files and the health probes. Web-standard in and out.
 *
 * @example
 * const ping: StaticRoute = { path: '/ping', respond: () => new Response('pong') };
 */
export interface StaticRoute {
  readonly path: string;
  respond(request: Request): Response | Promise<Response>;
}
