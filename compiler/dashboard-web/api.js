// The dashboard's own JSON API (docs/dev-dashboard.md); the page talks to nothing else.

/** GET /api/<name> as JSON. */
export async function get(name, query = '') {
  const response = await fetch(`/api/${name}${query}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`/api/${name}: ${response.status}`);
  return response.json();
}

/** POST /api/send: the explorer's request, sent by the dashboard to the app. */
export async function send(request) {
  const response = await fetch('/api/send', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? `POST /api/send: ${response.status}`);
  return answer;
}

/** POST /api/token: a bearer token signed by the app's own JwtService for a subject and roles. */
export async function mint(subject, roles) {
  const response = await fetch('/api/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subject, roles }) });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? `POST /api/token: ${response.status}`);
  return answer.token;
}

/** Follows /api/events: `handlers[event](data)` for `build`, `spans`, `lines` and `app`. */
export function follow(handlers) {
  const source = new EventSource('/api/events');
  for (const [event, handler] of Object.entries(handlers)) source.addEventListener(event, (message) => handler(JSON.parse(message.data)));
  return source;
}

/** POST /api/grpc: a unary RPC of the catalog, called by the dashboard on the app's gRPC server. */
export async function callRpc(request) {
  const response = await fetch('/api/grpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? `POST /api/grpc: ${response.status}`);
  return answer;
}
