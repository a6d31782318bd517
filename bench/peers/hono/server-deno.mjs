// Bare Hono on Deno.serve: the HTTP floor on Deno. The handler info rides along as Hono's `c.env`.
import { port } from '../shared/common.mjs';
import { createApp } from './app.mjs';

const app = createApp((c) => c.env.remoteAddr.hostname ?? '');
Deno.serve({ port, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`ready ${port} -`) }, (request, info) => app.fetch(request, info));
