// The dependency graph as an SVG: modules, controllers, providers and gRPC services in columns,
// their edges (declares, injects, serves); drag to pan, click a node for its declaration.
import { declaredLink, el, fill } from './dom.js';

const NS = 'http://www.w3.org/2000/svg';
const COLUMNS = { module: 0, controller: 1, service: 2, provider: 3 };
const W = 190;
const H = 26;
let view = { x: 0, y: 0, w: 1000, h: 700 };

const svgEl = (tag, attributes, text) => {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
};

export function initGraph() {
  const svg = document.getElementById('graph-svg');
  let drag;
  svg.addEventListener('pointerdown', (e) => (drag = { x: e.clientX, y: e.clientY, view: { ...view } }));
  svg.addEventListener('pointerup', () => (drag = undefined));
  svg.addEventListener('pointerleave', () => (drag = undefined));
  svg.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const scale = view.w / svg.clientWidth;
    view = { ...view, x: drag.view.x - (e.clientX - drag.x) * scale, y: drag.view.y - (e.clientY - drag.y) * scale };
    svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
  });
}

let pending;

/** Shows a new graph: drawn now when the Graph view is open, else when it opens (a large app has thousands of nodes). */
export function showGraph(graph) {
  pending = graph;
  if (!document.getElementById('view-graph').hidden) drawPending();
}

/** Draws the graph given last, if not drawn yet. */
export function drawPending() {
  if (!pending) return;
  const graph = pending;
  pending = undefined;
  draw(graph);
}

function draw(graph) {
  const svg = document.getElementById('graph-svg');
  const rows = [0, 0, 0, 0];
  const at = new Map();
  for (const node of graph.nodes) {
    const column = COLUMNS[node.kind] ?? 3;
    at.set(node.id, { x: 20 + column * (W + 70), y: 20 + rows[column]++ * (H + 12), node });
  }
  const height = Math.max(...rows, 1) * (H + 12) + 40;
  view = { x: 0, y: 0, w: 4 * (W + 70), h: Math.max(height, 400) };
  svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
  const edges = graph.edges.flatMap((e) => {
    const a = at.get(e.from);
    const b = at.get(e.to);
    if (!a || !b) return [];
    return [svgEl('line', { class: e.kind, x1: a.x + W, y1: a.y + H / 2, x2: b.x, y2: b.y + H / 2 })];
  });
  const nodes = [...at.values()].map(({ x, y, node }) => {
    const group = svgEl('g', { 'data-node': node.id });
    const rect = svgEl('rect', { x, y, width: W, height: H, rx: 5, fill: fillOf(node.kind) });
    rect.addEventListener('click', () => select(graph, node, rect));
    group.append(rect, svgEl('text', { x: x + 8, y: y + 17 }, `${node.name}${node.scope === 'request' ? ' (request)' : ''}`));
    return group;
  });
  svg.replaceChildren(...edges, ...nodes);
}

function fillOf(kind) {
  return { module: '#ddf4ff', controller: '#fff8c5', service: '#fbefff', provider: '#eef2f6' }[kind] ?? '#eef2f6';
}

function select(graph, node, rect) {
  document.querySelectorAll('#graph-svg rect.selected').forEach((r) => r.classList.remove('selected'));
  rect.classList.add('selected');
  const name = (id) => graph.nodes.find((n) => n.id === id)?.name ?? id;
  const out = graph.edges.filter((e) => e.from === node.id);
  const into = graph.edges.filter((e) => e.to === node.id);
  fill(
    document.getElementById('graph-detail'),
    el('h3', {}, `${node.name} (${node.kind})`),
    node.declared ? el('p', {}, 'declared at ', el('code', {}, declaredLink(graph.srcDir, node.declared))) : undefined,
    node.handles ? el('ul', {}, ...node.handles.map((h) => el('li', {}, el('code', {}, h)))) : undefined,
    out.length ? el('p', {}, `${out[0].kind === 'injects' ? 'injects' : out[0].kind}: ${out.map((e) => name(e.to)).join(', ')}`) : undefined,
    into.length ? el('p', {}, `used by: ${into.map((e) => `${name(e.from)} (${e.kind})`).join(', ')}`) : undefined,
  );
}
