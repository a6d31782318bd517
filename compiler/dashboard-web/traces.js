// Traces and request lines, live: each trace as a waterfall of its spans, filterable by route,
// status and duration. The page keeps at most as many traces as the server does.
import { get } from './api.js';
import { el, fill } from './dom.js';

const LIMIT = 500;
/** traceId → { spans, line } */
const traces = new Map();
let selected;
let scheduled = false;

export async function initTraces() {
  for (const id of ['traces-route', 'traces-status', 'traces-min']) document.getElementById(id).addEventListener('input', render);
  const { traces: kept } = await get('traces');
  for (const trace of kept.reverse()) traces.set(trace.traceId, { spans: trace.spans, line: trace.line });
  render();
}

/** New spans from the stream. */
export function addSpans(spans) {
  for (const span of spans) {
    let entry = traces.get(span.traceId);
    if (!entry) {
      entry = { spans: [] };
      traces.set(span.traceId, entry);
      if (traces.size > LIMIT) traces.delete(traces.keys().next().value);
    }
    if (!entry.spans.some((s) => s.spanId === span.spanId)) entry.spans.push(span);
  }
  later();
}

/** New request lines from the stream. */
export function addLines(lines) {
  for (const line of lines) {
    const entry = traces.get(line.traceId);
    if (entry) entry.line = line;
  }
  later();
}

/** The routes the filter offers. */
export function traceRoutes(catalog) {
  const select = document.getElementById('traces-route');
  const chosen = select.value;
  fill(select, el('option', { value: '' }, 'every route'), ...[...new Set([...catalog.routes.map((r) => r.path), ...catalog.rpcs.map((r) => r.path)])].map((p) => el('option', { value: p }, p)));
  select.value = chosen;
}

function later() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    render();
  });
}

function summary(traceId, entry) {
  const spans = [...entry.spans].sort((a, b) => a.startMs - b.startMs);
  const ids = new Set(spans.map((s) => s.spanId));
  const root = spans.find((s) => !s.parentSpanId || !ids.has(s.parentSpanId)) ?? spans[0];
  const end = Math.max(...spans.map((s) => s.startMs + s.durationMs));
  return { traceId, spans, root, line: entry.line, startMs: spans[0].startMs, durationMs: end - spans[0].startMs };
}

function render() {
  const route = document.getElementById('traces-route').value;
  const status = document.getElementById('traces-status').value;
  const min = document.getElementById('traces-min').value;
  const list = [...traces]
    .map(([id, entry]) => summary(id, entry))
    .filter((t) => (!route || t.line?.route === route) && (!status || String(t.line?.status) === status) && (!min || t.durationMs >= Number(min)))
    .sort((a, b) => b.startMs - a.startMs);
  fill(
    document.querySelector('#traces-table tbody'),
    ...list.map((t) =>
      el(
        'tr',
        { 'data-trace': t.traceId, onclick: () => ((selected = t.traceId), render()) },
        el('td', {}, new Date(t.startMs).toLocaleTimeString()),
        el('td', { class: 'span-name' }, t.root.name),
        el('td', {}, el('code', {}, t.line?.path ?? '')),
        el('td', {}, t.line ? String(t.line.status) : ''),
        el('td', {}, t.durationMs.toFixed(1)),
      ),
    ),
  );
  fill(document.getElementById('traces-count'), `${list.length} of ${traces.size} traces kept`);
  const chosen = list.find((t) => t.traceId === selected);
  if (chosen) fill(document.getElementById('trace-detail'), waterfall(chosen));
}

function depthOf(span, byId) {
  let depth = 0;
  for (let s = span; s.parentSpanId && byId.has(s.parentSpanId) && depth < 20; s = byId.get(s.parentSpanId)) depth++;
  return depth;
}

/** Each span after its parent, siblings by start: steps that start within a clock tick of their parent stay under it. */
function treeOrder(spans, byId) {
  const children = new Map();
  const roots = [];
  for (const s of spans) {
    if (s.parentSpanId && byId.has(s.parentSpanId)) children.set(s.parentSpanId, [...(children.get(s.parentSpanId) ?? []), s]);
    else roots.push(s);
  }
  const ordered = [];
  const visit = (list, depth) => {
    for (const s of [...list].sort((a, b) => a.startMs - b.startMs)) {
      ordered.push(s);
      if (depth < 20) visit(children.get(s.spanId) ?? [], depth + 1);
    }
  };
  visit(roots, 0);
  return ordered;
}

function waterfall(t) {
  const byId = new Map(t.spans.map((s) => [s.spanId, s]));
  const total = Math.max(t.durationMs, 0.001);
  const line = t.line;
  return el(
    'div',
    { class: 'waterfall' },
    el('h3', {}, t.root.name),
    line ? el('p', {}, `${line.method} ${line.path ?? ''} → ${line.status} in ${line.durationMs} ms`, line.refusal ? ` (refused: ${line.refusal})` : '', line.requestId ? el('span', { class: 'muted' }, ` request ${line.requestId}`) : '') : undefined,
    el('p', { class: 'muted' }, `trace ${t.traceId}`),
    ...treeOrder(t.spans, byId).map((s) =>
      el(
        'div',
        { class: 'span-row', title: Object.entries(s.attributes).map(([k, v]) => `${k}: ${v}`).join('\n') },
        el('span', { style: `padding-left:${depthOf(s, byId)}rem` }, s.name),
        el('div', { class: 'bar-track' }, el('div', { class: `bar${s.status === 'error' ? ' error' : ''}`, style: `left:${((s.startMs - t.startMs) / total) * 100}%;width:${(s.durationMs / total) * 100}%` })),
        el('span', {}, `${s.durationMs.toFixed(2)} ms`),
      ),
    ),
    el('h3', {}, 'Attributes of the first span'),
    el('pre', {}, Object.entries(t.root.attributes).map(([k, v]) => `${k}: ${v}`).join('\n')),
    ...t.spans.flatMap((s) => s.events.map((e) => el('p', { class: 'muted' }, `${s.name}: event ${e.name} at +${(e.atMs - t.startMs).toFixed(2)} ms`))),
  );
}
