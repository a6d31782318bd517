import type { Context } from 'hono';
import type { HttpEnv } from '../../served-http.js';

/** A Hono handler of one route. */
export type HonoRouteHandler = (c: Context<HttpEnv>) => Response | Promise<Response>;
