// Bare Hono on Bun.serve (the bench app's routes): the floor issue 46 holds the example to on Bun.
import { port } from '../peers/shared/common.mjs';
import { createApp } from '../peers/hono/app.mjs';

const app = createApp((c) => c.env.requestIP(c.req.raw)?.address ?? '');
const server = Bun.serve({ port, hostname: '127.0.0.1', fetch: (request, bunServer) => app.fetch(request, bunServer) });
console.log(`ready ${server.port} -`);
