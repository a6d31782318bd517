// The explorer's live timeline of an @Sse() route: the dashboard opens the app's event stream
// (POST /api/stream) and relays it; each event is listed as it comes, with its time.
import { el, fill } from './dom.js';

const KEPT = 500;
let open;

/** Opens the stream of `request` (a GET of an @Sse() route); an open one is stopped first. */
export async function openTimeline(request, status) {
  stopTimeline();
  const list = document.getElementById('explorer-timeline');
  fill(list);
  fill(document.getElementById('explorer-answer'));
  const controller = new AbortController();
  open = controller;
  document.getElementById('explorer-stop').hidden = false;
  fill(status, `GET ${request.path}: opening the stream…`);
  try {
    const response = await fetch('/api/stream', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: request.path, headers: request.headers }), signal: controller.signal });
    if (!response.ok) {
      const answer = await response.json();
      fill(status, `not opened: ${answer.error}`);
      if (answer.body) fill(document.getElementById('explorer-answer'), answer.body);
      return;
    }
    fill(status, `GET ${request.path}: streaming (events below, newest last)`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      buffer += next.value;
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = blocks.pop() ?? '';
      for (const block of blocks) add(list, block);
    }
    fill(status, `GET ${request.path}: the stream ended`);
  } catch (error) {
    if (controller.signal.aborted) fill(status, `GET ${request.path}: stopped`);
    else fill(status, `the stream failed: ${error.message}`);
  } finally {
    if (open === controller) {
      open = undefined;
      document.getElementById('explorer-stop').hidden = true;
    }
  }
}

export function stopTimeline() {
  open?.abort();
}

function add(list, block) {
  const fields = { event: 'message', data: [], id: undefined };
  let comment = false;
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith(':')) comment = true;
    const [, name, value] = /^([a-z]+):? ?(.*)$/.exec(line) ?? [];
    if (name === 'event') fields.event = value;
    else if (name === 'data') fields.data.push(value);
    else if (name === 'id') fields.id = value;
  }
  if (fields.data.length === 0 && (comment || fields.event === 'message')) return; // heartbeats, retry hints
  list.append(el('li', { 'data-event': fields.event }, `${new Date().toLocaleTimeString()} ${fields.event}${fields.id ? ` #${fields.id}` : ''}: ${fields.data.join('\n')}`));
  while (list.children.length > KEPT) list.firstElementChild.remove();
  list.lastElementChild.scrollIntoView({ block: 'nearest' });
}
