// Bare Hono on @hono/node-server: the HTTP floor on Node.
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { port } from '../shared/common.mjs';
import { createApp } from './app.mjs';

const app = createApp((c) => getConnInfo(c).remote.address ?? '');
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => console.log(`ready ${info.port} -`));
