/**
 * The dashboard's HTTP server: 127.0.0.1 only, its own `Host` and `Origin` only, the front end's
 * files and the JSON of `/api/*` (see docs/dev-dashboard.md).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { appOrigin, grpcTarget, invalidRequest, openStream, sendToApp } from './explorer-proxy.js';
import { callUnary, encodeRequest, invalidRpcRequest, type RpcRequest } from './grpc-explorer.js';
import { refusal } from './request-guard.js';
import type { DashboardState } from './state.js';
import type { StaticFile } from './static-files.js';
import { json, pageJson, SECURITY_HEADERS } from './page-requests.js';
import { closeSocket, openSocket, sendOnSocket } from './ws-routes.js';

/**
 * Starts the server on 127.0.0.1:`port` (0: any free port); resolves with the port it listens on.
 *
 * @example
 * const { server, port } = await serveDashboard(state, files, 9400);
 */
export async function serveDashboard(state: DashboardState, files: ReadonlyMap<string, StaticFile>, port: number): Promise<{ server: http.Server; port: number }> {
  let own = port;
  const server = http.createServer((request, response) => {
    const refused = refusal(request, own);
    if (refused) return json(response, 403, { error: refused });
    void handle(state, files, request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: error instanceof Error ? error.message : String(error) });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  own = (server.address() as { port: number }).port;
  return { server, port: own };
}

async function handle(state: DashboardState, files: ReadonlyMap<string, StaticFile>, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://dashboard');
  const method = request.method ?? 'GET';
  if (method === 'POST' && url.pathname === '/api/send') return send(state, request, response);
  if (method === 'POST' && url.pathname === '/api/token') return token(state, request, response);
  if (method === 'POST' && url.pathname === '/api/stream') return stream(state, request, response);
  if (method === 'POST' && url.pathname === '/api/grpc') return rpc(state, request, response);
  if (method === 'POST' && url.pathname === '/api/ws') return openSocket(state, request, response);
  if (method === 'POST' && url.pathname === '/api/ws/send') return sendOnSocket(request, response);
  if (method === 'POST' && url.pathname === '/api/ws/close') return closeSocket(request, response);
  if (method !== 'GET' && method !== 'HEAD') return json(response, 405, { error: `${method} is not served here; the dashboard's API is read with GET (and POST /api/send, /api/grpc, /api/stream, /api/ws, /api/token)` });
  switch (url.pathname) {
    case '/api/routes':
      // `?first=200`: the page's first rows, before the whole catalog of a large app.
      return url.searchParams.has('first') ? json(response, 200, state.firstRows(Number(url.searchParams.get('first')))) : state.catalogJson.send(request, response);
    case '/api/graph':
      return state.graphJson.send(request, response);
    case '/api/build':
      return json(response, 200, state.build ?? null);
    case '/api/app':
      return json(response, 200, { address: state.address ?? null, origin: appOrigin(state.address?.http) ?? null, grpc: grpcTarget(state.address?.grpc) ?? null });
    case '/api/traces': {
      const number = (name: string): number | undefined => (url.searchParams.has(name) && Number.isFinite(Number(url.searchParams.get(name))) ? Number(url.searchParams.get(name)) : undefined);
      const route = url.searchParams.get('route') ?? undefined;
      const status = number('status');
      const minMs = number('minMs');
      const limit = number('limit');
      return json(response, 200, { traces: state.traces.traces({ ...(route ? { route } : {}), ...(status !== undefined ? { status } : {}), ...(minMs !== undefined ? { minMs } : {}), ...(limit !== undefined ? { limit } : {}) }) });
    }
    case '/api/state': {
      const answer = await state.ask({ kind: 'state' });
      return answer.error !== undefined ? json(response, 503, { error: answer.error }) : json(response, 200, answer.value);
    }
    case '/api/lines':
      return json(response, 200, { lines: state.traces.lines() });
    case '/api/events':
      return state.stream(request, response, SECURITY_HEADERS);
  }
  const name = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
  const file = files.get(name);
  if (!file) return json(response, 404, { error: `no ${url.pathname} here; the page is at /, its data under /api/ (routes, graph, build, traces, events)` });
  response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': file.type });
  response.end(method === 'HEAD' ? undefined : file.body);
}

/** `POST /api/token { subject, roles? }`: a bearer token signed by the serving app's own `JwtService`. */
async function token(state: DashboardState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = (await pageJson(request, response, 'POST /api/token')) as { subject?: unknown; roles?: unknown } | undefined;
  if (body === undefined) return;
  const roles = body?.roles ?? [];
  if (typeof body?.subject !== 'string' || body.subject === '' || body.subject.length > 200) return json(response, 400, { error: 'subject must be a non-empty string (at most 200 characters)' });
  if (!Array.isArray(roles) || roles.length > 50 || !roles.every((r) => typeof r === 'string' && r.length <= 100)) return json(response, 400, { error: 'roles must be an array of strings' });
  const answer = await state.ask({ kind: 'mint', subject: body.subject, roles: roles as string[] });
  return typeof answer.value === 'string' ? json(response, 200, { token: answer.value }) : json(response, 503, { error: answer.error ?? 'no token' });
}

/**
 * `POST /api/stream { path, headers? }`: opens an `@Sse()` route of the app and relays its events
 * as they come, until either side ends (the explorer's live timeline).
 */
async function stream(state: DashboardState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await pageJson(request, response, 'POST /api/stream');
  if (body === undefined) return;
  const invalid = invalidRequest({ ...(body as object), method: 'GET' });
  if (invalid) return json(response, 400, { error: invalid });
  const origin = appOrigin(state.address?.http);
  if (!origin) return json(response, 503, { error: 'the app is not serving HTTP yet (it starts after the first clean build)' });
  const ended = new AbortController();
  response.once('close', () => ended.abort());
  let answer: Response;
  try {
    answer = await openStream(origin, body as Parameters<typeof openStream>[1], ended.signal);
  } catch (error) {
    return json(response, 502, { error: `the app did not answer: ${error instanceof Error ? error.message : String(error)}` });
  }
  if (!answer.ok || !answer.body || !/^text\/event-stream/.test(answer.headers.get('content-type') ?? '')) {
    const text = await answer.text().catch(() => '');
    return json(response, 502, { error: `the app answered ${answer.status} ${answer.headers.get('content-type') ?? ''}, not an event stream`, status: answer.status, body: text.slice(0, 4096) });
  }
  response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
  const reader = answer.body.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      if (!response.write(next.value)) await new Promise((resolve) => response.once('drain', resolve));
    }
  } catch {
    // The page or the app ended the stream.
  }
  response.end();
}

/**
 * `POST /api/grpc { rpc, message?, metadata?, deadlineMs? }`: a unary RPC of the catalog, called
 * on the app's gRPC server; a non-OK status is an answer like any other (200, with the status).
 */
async function rpc(state: DashboardState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await pageJson(request, response, 'POST /api/grpc');
  if (body === undefined) return;
  const invalid = invalidRpcRequest(body);
  if (invalid) return json(response, 400, { error: invalid });
  const asked = body as RpcRequest;
  const found = state.catalog?.rpcs.find((r) => r.id === asked.rpc);
  if (!found) return json(response, 404, { error: `no RPC ${JSON.stringify(asked.rpc)} in the catalog; its ids read grpc:/package.Service/Method` });
  if (found.kind !== 'unary') return json(response, 400, { error: `${found.path} is ${found.kind}: the explorer calls unary RPCs only` });
  let encoded: Buffer;
  try {
    encoded = encodeRequest(found, asked.message);
  } catch (error) {
    return json(response, 400, { error: error instanceof Error ? error.message : String(error) });
  }
  const target = grpcTarget(state.address?.grpc);
  if (!target) return json(response, 503, { error: 'the app is not serving gRPC (yet): its gRPC server listens after the first clean build' });
  let answer;
  try {
    answer = await callUnary(target, found, state.catalog!.srcDir, encoded, asked);
  } catch (error) {
    // Only before the call (the app's grpc-js not found): a call's failure is its gRPC status.
    return json(response, 502, { error: `the RPC was not called: ${error instanceof Error ? error.message : String(error)}` });
  }
  return json(response, 200, answer);
}

async function send(state: DashboardState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = await pageJson(request, response, 'POST /api/send');
  if (body === undefined) return;
  const invalid = invalidRequest(body);
  if (invalid) return json(response, 400, { error: invalid });
  const origin = appOrigin(state.address?.http);
  if (!origin) return json(response, 503, { error: 'the app is not serving HTTP yet (it starts after the first clean build)' });
  try {
    return json(response, 200, await sendToApp(origin, body as Parameters<typeof sendToApp>[1]));
  } catch (error) {
    return json(response, 502, { error: `the app did not answer: ${error instanceof Error ? error.message : String(error)}` });
  }
}
