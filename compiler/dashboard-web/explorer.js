// The explorer: a form generated from a route's parameters and body, sent through the dashboard
// to the app it runs (POST /api/send), with "copy as curl" and "copy as typed-client call".
import { mint, send } from './api.js';
import { el, fill } from './dom.js';
import { grpcClientCallOf, grpcurlOf, rpcFields, sendRpc } from './explorer-grpc.js';
import { openTimeline, stopTimeline } from './timeline.js';
import { initSocketControls, openSocket, socketControls, stopSocket } from './ws-timeline.js';

let routes = [];
let appOrigin = '';
let grpcTarget = '';
const history = [];

export function initExplorer() {
  document.getElementById('explorer-route').addEventListener('change', () => renderForm(current()));
  document.getElementById('explorer-send').addEventListener('click', () => void sendCurrent());
  document.getElementById('explorer-curl').addEventListener('click', () => copy(isRpc(current()) ? grpcurlOf(current(), metadataOf(), grpcTarget) : curlOf(current(), requestOf(current()))));
  document.getElementById('explorer-client').addEventListener('click', () => copy(isRpc(current()) ? grpcClientCallOf(current(), grpcTarget) : clientCallOf(current())));
  document.getElementById('explorer-form').addEventListener('submit', (event) => event.preventDefault());
  document.getElementById('explorer-mint').addEventListener('click', () => void mintToken());
  document.getElementById('explorer-stop').addEventListener('click', stopTimeline);
  initSocketControls();
}

async function mintToken() {
  const status = document.getElementById('explorer-mint-status');
  const subject = document.getElementById('explorer-subject').value.trim();
  const roles = document.getElementById('explorer-roles').value.split(',').map((r) => r.trim()).filter(Boolean);
  fill(status, 'minting…');
  try {
    document.getElementById('explorer-bearer').value = await mint(subject, roles);
    fill(status, `minted for ${subject}${roles.length ? ` (${roles.join(', ')})` : ''}`);
  } catch (error) {
    fill(status, `not minted: ${error.message}`);
  }
}

/** The routes the explorer offers (after each clean build); the chosen one stays chosen. */
export function explorerRoutes(catalog) {
  const chosen = document.getElementById('explorer-route').value;
  // @Ws() routes are listed in the catalog, not sent from here (see docs/limits.md).
  // Unary RPCs get a form from their request message; streaming ones are listed in the catalog only.
  routes = [...catalog.routes, ...catalog.rpcs.filter((r) => r.kind === 'unary')];
  const select = document.getElementById('explorer-route');
  fill(select, ...routes.map((r) => el('option', { value: r.id }, isRpc(r) ? `gRPC ${r.service}/${r.rpc}` : `${r.method} ${r.path}`)));
  if (routes.some((r) => r.id === chosen)) select.value = chosen;
  renderForm(current());
}

export function explorerApp(origin, grpc) {
  appOrigin = origin ?? '';
  grpcTarget = grpc ?? '';
}

const isRpc = (entry) => entry?.id.startsWith('grpc:') === true;

/** Opens the explorer on one route. */
export function chooseRoute(id) {
  document.getElementById('explorer-route').value = id;
  renderForm(current());
}

const current = () => routes.find((r) => r.id === document.getElementById('explorer-route').value) ?? routes[0];
const inputs = (route) => (route?.params ?? []).filter((p) => ['param', 'query', 'header'].includes(p.source));

function renderForm(route) {
  socketControls(route?.stream === 'websocket');
  // A socket's message box starts as a skeleton of its @Messages() DTO.
  document.getElementById('explorer-ws-message').value = route?.messages ? JSON.stringify(Object.fromEntries(route.messages.members.map((m) => [m.name, sample(m.rules)]))) : '';
  if (isRpc(route)) {
    fill(document.getElementById('explorer-params'), el('legend', {}, `Request message ${route.request?.type ?? ''}`), ...rpcFields(route));
    const body = document.getElementById('explorer-body');
    body.value = '';
    body.disabled = true;
    return;
  }
  const fields = inputs(route).map((p) =>
    el('label', {}, `${p.source === 'param' ? 'path' : p.source} ${p.key ?? '(all, as a query string)'}: ${p.type}${p.conversion ? ` (${p.conversion})` : ''}${p.optional ? ', optional' : ''}`,
      el('input', { 'data-source': p.source, 'data-key': p.key ?? '', name: `${p.source}:${p.key ?? '*'}`, placeholder: p.key ? p.type : 'a=1&b=2' })),
  );
  fill(document.getElementById('explorer-params'), el('legend', {}, 'Parameters'), ...(fields.length ? fields : [el('p', { class: 'muted' }, 'This route takes no path, query or header parameters.')]));
  const body = document.getElementById('explorer-body');
  const element = route?.body && Object.fromEntries(route.body.members.map((m) => [m.name, sample(m.rules)]));
  // An array body (`items: ItemDto[]`) starts with one element.
  body.value = element ? JSON.stringify(route.body.array ? [element] : element, null, 2) : '';
  body.disabled = !route?.body && !['POST', 'PUT', 'PATCH'].includes(route?.method ?? '');
}

function sample(rules) {
  const text = rules.join(' ');
  if (/IsInt|IsNumber|Min|Max|IsPositive/.test(text)) return 0;
  if (/IsBoolean/.test(text)) return false;
  if (/IsArray/.test(text)) return [];
  return '';
}

/** The authentication presets as headers (HTTP) or metadata (gRPC). */
function metadataOf() {
  const out = {};
  const bearer = document.getElementById('explorer-bearer').value.trim();
  const apiKey = document.getElementById('explorer-apikey').value.trim();
  if (bearer) out.authorization = `Bearer ${bearer}`;
  if (apiKey) out['x-api-key'] = apiKey;
  return out;
}

/** The request the form describes: method, path with its parameters, headers, body. */
function requestOf(route) {
  const values = [...document.querySelectorAll('#explorer-params input')].map((input) => ({ source: input.dataset.source, key: input.dataset.key, value: input.value }));
  let path = route.path.replace(/:(\w+)\??/g, (_, name) => encodeURIComponent(values.find((v) => v.source === 'param' && v.key === name)?.value ?? ''));
  const query = new URLSearchParams();
  for (const v of values) {
    if (v.source !== 'query' || v.value === '') continue;
    if (v.key) query.append(v.key, v.value);
    else for (const [k, q] of new URLSearchParams(v.value)) query.append(k, q);
  }
  if ([...query].length) path += `?${query}`;
  const headers = {};
  for (const v of values) if (v.source === 'header' && v.key && v.value !== '') headers[v.key] = v.value;
  Object.assign(headers, metadataOf());
  const body = document.getElementById('explorer-body');
  const request = { method: route.method === 'ALL' ? 'GET' : route.method, path, headers };
  if (!body.disabled && body.value.trim()) {
    request.body = body.value;
    headers['content-type'] = 'application/json';
  }
  return request;
}

async function sendCurrent() {
  const route = current();
  if (!route) return;
  const status = document.getElementById('explorer-status');
  stopSocket();
  if (isRpc(route)) {
    stopTimeline();
    fill(document.getElementById('explorer-timeline'));
    delete status.dataset.grpcStatus;
    history.unshift({ text: await sendRpc(route, metadataOf(), status, document.getElementById('explorer-answer')), route: route.id });
    history.length = Math.min(history.length, 30);
    fill(document.getElementById('explorer-history'), ...history.map((h) => el('li', {}, h.text)));
    return;
  }
  const request = requestOf(route);
  if (route.stream === 'sse') {
    history.unshift({ text: `GET ${request.path} (event stream)`, route: route.id, request });
    fill(document.getElementById('explorer-history'), ...history.map((h) => el('li', {}, h.text)));
    return openTimeline(request, status);
  }
  if (route.stream === 'websocket') {
    stopTimeline();
    history.unshift({ text: `GET ${request.path} (WebSocket)`, route: route.id, request });
    fill(document.getElementById('explorer-history'), ...history.map((h) => el('li', {}, h.text)));
    return openSocket(request, status);
  }
  stopTimeline();
  fill(document.getElementById('explorer-timeline'));
  fill(status, `${request.method} ${request.path} …`);
  try {
    const answer = await send(request);
    fill(status, `${answer.status} in ${answer.durationMs} ms`);
    fill(document.getElementById('explorer-answer'), pretty(answer.body) + (answer.truncated ? '\n… (cut at 1 MiB)' : ''));
    history.unshift({ text: `${request.method} ${answer.url} → ${answer.status} (${answer.durationMs} ms)`, route: route.id, request });
  } catch (error) {
    fill(status, `not sent: ${error.message}`);
    history.unshift({ text: `${request.method} ${request.path} → ${error.message}`, route: route.id, request });
  }
  history.length = Math.min(history.length, 30);
  fill(document.getElementById('explorer-history'), ...history.map((h) => el('li', {}, h.text)));
}

function pretty(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const shellQuote = (text) => `'${text.replace(/'/g, `'\\''`)}'`;

function curlOf(route, request) {
  if (!route) return '';
  const parts = ['curl', '-i', '-X', request.method, shellQuote(`${appOrigin || 'http://127.0.0.1:3000'}${request.path}`)];
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push('--data', shellQuote(request.body));
  return parts.join(' ');
}

function clientCallOf(route) {
  if (!route) return '';
  const values = Object.fromEntries([...document.querySelectorAll('#explorer-params input')].map((i) => [`${i.dataset.source}:${i.dataset.key}`, i.value]));
  const literal = (p) => {
    const v = values[`${p.source}:${p.key ?? ''}`] ?? '';
    return p.type === 'number' && v !== '' && Number.isFinite(Number(v)) ? v : JSON.stringify(v);
  };
  const args = route.params.filter((p) => p.source === 'param').map(literal);
  const body = document.getElementById('explorer-body');
  if (route.body && body.value.trim()) args.push(body.value.trim().replace(/\n\s*/g, ' '));
  const query = route.params.filter((p) => p.source === 'query' && p.key && values[`query:${p.key}`]);
  if (query.length) args.push(`{ query: { ${query.map((p) => `${p.key}: ${literal(p)}`).join(', ')} } }`);
  return `const api = createClient({ baseUrl: ${JSON.stringify(appOrigin || 'http://127.0.0.1:3000')} });\nawait api.${route.operationId}(${args.join(', ')});`;
}

function copy(text) {
  fill(document.getElementById('explorer-copy'), text);
  void navigator.clipboard?.writeText(text).catch(() => undefined);
}
