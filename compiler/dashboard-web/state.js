// The app's state, asked of the serving app: liveness, readiness with each indicator's result, and
// the throttlers of ThrottlerModule.forRoot with the storage's keys in memory.
import { get } from './api.js';
import { el, fill } from './dom.js';

export function initState() {
  document.getElementById('state-refresh').addEventListener('click', () => void refreshState());
}

export async function refreshState() {
  const status = document.getElementById('state-status');
  let state;
  try {
    state = await get('state');
  } catch (error) {
    fill(status, `no state: ${error.message}`);
    return;
  }
  fill(status, `app process ${state.pid}, asked at ${new Date().toLocaleTimeString()}`);
  const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
  fill(document.getElementById('state-memory'), `Memory: ${mb(state.memory.rss)} resident, heap ${mb(state.memory.heapUsed)} used of ${mb(state.memory.heapTotal)}, ${mb(state.memory.external)} outside the heap`);
  const rows = [
    ['liveness', state.liveness?.status, state.liveness?.reason],
    ['readiness', state.readiness?.status, state.readiness?.reason],
    ...Object.entries(state.readiness?.checks ?? {}).map(([name, check]) => [`  indicator ${name}`, check.status, check.reason]),
  ];
  fill(document.querySelector('#state-health tbody'), ...rows.map(([name, s, reason]) => el('tr', {}, el('td', {}, name), el('td', { class: s === 'up' ? 'ok' : 'bad' }, s ?? ''), el('td', {}, reason ?? ''))));
  const throttler = state.throttler;
  fill(document.getElementById('state-storage'), throttler ? `storage: ${throttler.storage}${throttler.keys !== undefined ? `, ${throttler.keys} counters in memory` : ''}` : 'no ThrottlerModule');
  fill(document.querySelector('#state-throttlers tbody'), ...(throttler?.throttlers ?? []).map((t) => el('tr', {}, el('td', {}, t.name), el('td', {}, String(t.limit)), el('td', {}, `${t.ttl} ms`))));
}
