// The explorer's live timeline of a @Ws() route: the dashboard opens the socket to the app
// (POST /api/ws, with the form's headers, so a guard at the upgrade sees the bearer token) and
// streams its events as lines of JSON; messages typed here go out through POST /api/ws/send, and
// "Close" ends it with the chosen code. Every event is listed with its time and direction.
import { el, fill } from './dom.js';

const KEPT = 500;
let open; // { controller, id }

const post = async (path, body) => {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error ?? `${path}: ${response.status}`);
  return answer;
};

export function initSocketControls() {
  document.getElementById('explorer-ws-send').addEventListener('click', () => void sendMessage());
  document.getElementById('explorer-ws-close').addEventListener('click', () => void closeSocket());
}

/** Shows or hides the socket's controls (for a @Ws() route). */
export function socketControls(shown) {
  document.getElementById('explorer-ws').hidden = !shown;
}

/** Opens the socket of `request` (path and headers); an open one is closed first. */
export async function openSocket(request, status) {
  stopSocket();
  const list = document.getElementById('explorer-timeline');
  fill(list);
  fill(document.getElementById('explorer-answer'));
  const controller = new AbortController();
  const current = { controller, id: undefined };
  open = current;
  fill(status, `${request.path}: opening the socket…`);
  status.dataset.socket = 'opening';
  try {
    const response = await fetch('/api/ws', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: request.path, headers: request.headers }), signal: controller.signal });
    if (!response.ok) {
      fill(status, `not opened: ${(await response.json()).error}`);
      status.dataset.socket = 'failed';
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      buffer += next.value;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line) show(list, status, request.path, current, JSON.parse(line));
    }
  } catch (error) {
    if (!controller.signal.aborted) fill(status, `the socket failed: ${error.message}`);
  } finally {
    if (open === current) open = undefined;
    if (status.dataset.socket !== 'closed' && status.dataset.socket !== 'refused') status.dataset.socket = 'ended';
  }
}

/** Ends the socket's stream (the dashboard closes it with 1001) when another request is sent. */
export function stopSocket() {
  open?.controller.abort();
  open = undefined;
}

function show(list, status, path, current, event) {
  const time = new Date(event.atMs).toLocaleTimeString();
  let text;
  if (event.type === 'socket') {
    current.id = event.id;
    return;
  }
  if (event.type === 'open') {
    fill(status, `${path}: open (messages below, newest last)`);
    status.dataset.socket = 'open';
    text = `open${event.protocol ? ` (protocol ${event.protocol})` : ''}`;
  } else if (event.type === 'in') text = `← ${event.binary ? `binary, ${event.bytes} bytes, base64: ` : ''}${event.data}`;
  else if (event.type === 'out') text = `→ ${event.data}`;
  else if (event.type === 'close') {
    text = `closed by the ${event.by}: ${event.code}${event.reason ? ` ${event.reason}` : ''}`;
    fill(status, `${path}: ${text}`);
    status.dataset.socket = 'closed';
  } else if (event.type === 'refused') {
    text = `the upgrade was answered ${event.status}: ${event.body}`;
    fill(status, `${path}: refused with ${event.status}`);
    status.dataset.socket = 'refused';
  } else text = `error: ${event.message}`;
  list.append(el('li', { 'data-event': event.type, ...(event.code !== undefined ? { 'data-code': String(event.code) } : {}) }, `${time} ${text}`));
  while (list.children.length > KEPT) list.firstElementChild.remove();
  list.lastElementChild.scrollIntoView({ block: 'nearest' });
}

async function sendMessage() {
  const input = document.getElementById('explorer-ws-message');
  const status = document.getElementById('explorer-ws-status');
  if (!open?.id) return fill(status, 'no socket is open');
  try {
    await post('/api/ws/send', { id: open.id, data: input.value });
    fill(status, '');
  } catch (error) {
    fill(status, `not sent: ${error.message}`);
  }
}

async function closeSocket() {
  const status = document.getElementById('explorer-ws-status');
  if (!open?.id) return fill(status, 'no socket is open');
  const code = Number(document.getElementById('explorer-ws-code').value || 1000);
  try {
    await post('/api/ws/close', { id: open.id, code, reason: document.getElementById('explorer-ws-reason').value });
    fill(status, '');
  } catch (error) {
    fill(status, `not closed: ${error.message}`);
  }
}
