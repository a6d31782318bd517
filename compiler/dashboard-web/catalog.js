// The catalog: every HTTP route and RPC with its chain, searchable and filterable.
import { chip, declaredLink, el, fill } from './dom.js';

let catalog = { routes: [], rpcs: [], unimplemented: [] };
let onTry = () => {};
let renders = 0;
export const FIRST_ROWS = 200;
const SLICE_ROWS = 500;

/** Shows a new catalog (after a clean build). */
export function showCatalog(next, tryRoute) {
  catalog = next;
  onTry = tryRoute;
  render();
}

export function initCatalog() {
  document.getElementById('catalog-search').addEventListener('input', render);
  document.getElementById('catalog-kind').addEventListener('change', render);
}

const words = (entry) => [entry.method, entry.path, entry.handler, entry.declared, entry.service, entry.kind, ...entry.chain.map((s) => s.name)].join(' ').toLowerCase();

function render() {
  const query = document.getElementById('catalog-search').value.trim().toLowerCase();
  const kind = document.getElementById('catalog-kind').value;
  const entries = [
    ...(kind === 'grpc' ? [] : catalog.routes.map((r) => ({ ...r, transport: 'http' }))),
    ...(kind === 'http' ? [] : catalog.rpcs.map((r) => ({ ...r, method: r.kind === 'unary' ? 'RPC' : `RPC ${r.kind}`, transport: 'grpc' }))),
  ].filter((e) => query.split(/\s+/).every((w) => words(e).includes(w)));
  const body = document.querySelector('#catalog-table tbody');
  // The first rows at once, the rest in slices between frames: the page answers at once however
  // many routes a large app has. A newer render drops the slices of an older one.
  const generation = ++renders;
  fill(body, ...entries.slice(0, FIRST_ROWS).map(rowOf));
  const more = (from) => {
    if (generation !== renders || from >= entries.length) return;
    body.append(...entries.slice(from, from + SLICE_ROWS).map(rowOf));
    setTimeout(() => more(from + SLICE_ROWS), 0);
  };
  setTimeout(() => more(FIRST_ROWS), 0);
  // The first rows only (see app.js), while the whole catalog comes.
  const { routes, rpcs } = catalog.total ?? { routes: catalog.routes.length, rpcs: catalog.rpcs.length };
  fill(document.getElementById('catalog-count'), `${catalog.total ? 'the first ' : ''}${entries.length} of ${routes + rpcs} (${routes} routes, ${rpcs} RPCs)${catalog.total ? ', the rest coming' : ''}`);
}

function rowOf(entry) {
  // Details are made on the first click: a large app lists thousands of routes.
  let details;
  const toggle = () => {
    if (!details) row.after((details = el('tr', { class: 'details' }, el('td', { colspan: '4' }, detailsOf(entry)))));
    else details.toggleAttribute('hidden');
  };
  const row = el(
    'tr',
    { 'data-id': entry.id, onclick: toggle },
    el('td', { class: 'method' }, entry.method, entry.stream ? el('span', { class: 'chip' }, entry.stream) : undefined),
    el('td', {}, el('code', {}, entry.path)),
    el('td', {}, entry.handler, el('div', { class: 'muted' }, declaredLink(catalog.srcDir, entry.declared))),
    el('td', { class: 'chain' }, ...(entry.chain.length ? entry.chain.map(chip) : [el('span', { class: 'muted' }, 'no guards, interceptors or throttle rules')])),
  );
  return row;
}

function detailsOf(entry) {
  const params = entry.params.filter((p) => p.source !== 'context' && p.source !== 'req');
  return el(
    'div',
    {},
    el('h3', {}, 'Parameters'),
    params.length
      ? el('ul', {}, ...params.map((p) => el('li', {}, el('code', {}, `${p.source}${p.key ? ` '${p.key}'` : ''}`), ` → ${p.name}: ${p.type}`, p.conversion ? ` (converted: ${p.conversion})` : '', p.optional ? ' (optional)' : '')))
      : el('p', { class: 'muted' }, 'none'),
    entry.body ? el('h3', {}, `Body: ${entry.body.name}${entry.body.array ? '[] (a JSON array)' : ''}`) : undefined,
    entry.body ? el('p', { class: 'muted' }, declaredLink(catalog.srcDir, entry.body.declared)) : undefined,
    entry.body ? el('ul', {}, ...entry.body.members.map((m) => el('li', {}, el('code', {}, m.name), m.rules.length ? `: ${m.rules.join(', ')}` : ''))) : undefined,
    entry.statuses ? el('p', {}, `Statuses: ${entry.statuses.join(', ')}`) : undefined,
    entry.answers ? el('p', {}, `Answers: ${entry.answers.media}`, entry.answers.media === 'empty' ? '' : el('code', {}, ` ${schemaText(entry.answers.schema)}`)) : undefined,
    el('h3', {}, 'Chain in execution order'),
    el('ol', {}, ...entry.chain.map(stepOf)),
    entry.transport === 'http' && entry.stream !== 'websocket' ? el('button', { class: 'primary', onclick: () => onTry(entry) }, 'Try it in the explorer') : undefined,
  );
}

/**
 * One step of the chain: its link opens where it is applied to this route (the `@UseGuard(…)` of
 * the method or its controller, a module's `GLOBAL_GUARD` entry), then where its class is declared.
 */
function stepOf(s) {
  const link = (label, at) => (at ? el('span', { class: 'muted' }, label, declaredLink(catalog.srcDir, at)) : '');
  return el('li', {}, `${s.kind} `, el('strong', {}, s.name), ` (${s.level})`, link(' applied at ', s.applied), link(s.applied ? ', declared at ' : ' ', s.declared), s.throttle ? ` ${throttleText(s.throttle)}` : '');
}

/** A JSON Schema in a few words: `Todo`, `Todo[]`, `string`. */
function schemaText(schema) {
  if (!schema || typeof schema !== 'object') return 'unknown';
  if (typeof schema.$ref === 'string') return schema.$ref.replace(/^.*\//, '');
  if (schema.type === 'array') return `${schemaText(schema.items)}[]`;
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map(schemaText).join(' | ');
  return Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'unknown');
}

function throttleText(t) {
  if (t.skipped) return 'skipped here (@SkipThrottle)';
  return t.limit !== undefined ? `limit ${t.limit} per ${t.ttl} ms (@Throttle)` : "the limit of ThrottlerModule.forRoot";
}
