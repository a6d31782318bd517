/**
 * `POST /api/ws`, `/api/ws/send` and `/api/ws/close` of the dev dashboard: the explorer's socket
 * to a `@Ws()` route of the app (see ws-relay.ts), its events streamed to the page as lines of
 * JSON until either side closes it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appOrigin, invalidRequest } from './explorer-proxy.js';
import { json, pageJson, SECURITY_HEADERS } from './page-requests.js';
import type { DashboardState } from './state.js';
import { closeRelay, openRelay, relayRoom, sendOnRelay, SOCKET_LIMIT } from './ws-relay.js';

const MESSAGE_LIMIT = 512 * 1024;

/** `POST /api/ws { path, headers? }`: opens the socket and streams its events (`application/x-ndjson`). */
export async function openSocket(state: DashboardState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await pageJson(request, response, 'POST /api/ws');
  if (body === undefined) return;
  const invalid = invalidRequest({ ...(body as object), method: 'GET' });
  if (invalid) return json(response, 400, { error: invalid });
  const path = (body as { path: string }).path;
  const route = state.catalog?.routes.find((r) => r.stream === 'websocket' && r.path === path.replace(/\?.*$/, ''));
  if (!route) return json(response, 404, { error: `${path} is not a @Ws() route of the catalog (${state.catalog?.routes.filter((r) => r.stream === 'websocket').map((r) => r.path).join(', ') || 'it has none'})` });
  const origin = appOrigin(state.address?.http);
  if (!origin) return json(response, 503, { error: 'the app is not serving HTTP yet (it starts after the first clean build)' });
  if (!relayRoom()) return json(response, 429, { error: `${SOCKET_LIMIT} sockets are open already; close one` });
  const ended = new AbortController();
  response.once('close', () => ended.abort());
  response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'application/x-ndjson; charset=utf-8' });
  // A page that does not read is not waited for: events are dropped past 1 MiB queued.
  const write = (event: object): void => void (response.writableLength < 1024 * 1024 && response.write(`${JSON.stringify({ ...event, atMs: Date.now() })}\n`));
  try {
    await openRelay(origin.replace(/^http/, 'ws'), state.catalog!.srcDir, body as { path: string; headers?: Record<string, string> }, write, ended.signal);
  } catch (error) {
    write({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
  response.end();
}

/** `POST /api/ws/send { id, data }`: a text message from the page on an open socket. */
export async function sendOnSocket(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = (await pageJson(request, response, 'POST /api/ws/send')) as { id?: unknown; data?: unknown } | undefined;
  if (body === undefined) return;
  if (typeof body?.id !== 'string' || typeof body.data !== 'string') return json(response, 400, { error: 'the body must be { id, data } with the socket id and a text message' });
  if (body.data.length > MESSAGE_LIMIT) return json(response, 413, { error: `a message from here holds at most ${MESSAGE_LIMIT} characters` });
  const not = await sendOnRelay(body.id, body.data);
  return not ? json(response, 409, { error: not }) : json(response, 200, { sent: true });
}

/** `POST /api/ws/close { id, code?, reason? }`: closes an open socket from the page. */
export async function closeSocket(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = (await pageJson(request, response, 'POST /api/ws/close')) as { id?: unknown; code?: unknown; reason?: unknown } | undefined;
  if (body === undefined) return;
  const code = body?.code ?? 1000;
  // The codes an endpoint may send: 1000, or an application's 3000-4999.
  if (typeof body?.id !== 'string' || typeof code !== 'number' || !(code === 1000 || (code >= 3000 && code <= 4999))) return json(response, 400, { error: 'the body must be { id, code?, reason? } with code 1000 or 3000-4999' });
  const reason = typeof body.reason === 'string' ? body.reason.slice(0, 120) : '';
  const not = closeRelay(body.id, code, reason);
  return not ? json(response, 404, { error: not }) : json(response, 200, { closing: true });
}
