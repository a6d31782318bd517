// The app's state, asked of the serving app: liveness, readiness as last evaluated with each
// indicator's last result and its time (asking runs no check), the throttlers of
// ThrottlerModule.forRoot with the storage's keys in memory, and the configuration's variables
// with their values, secrets redacted by the app (ConfigService.redacted()).
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
    ['readiness (as last evaluated)', state.readiness?.status, state.readiness?.reason],
    ...(state.indicators ?? []).map(({ name, result }) => [`  indicator ${name}`, result?.status ?? 'not checked yet', result?.reason, result ? `${new Date(result.atMs).toLocaleTimeString()} (${ago(result.atMs)})` : '']),
  ];
  fill(document.querySelector('#state-health tbody'), ...rows.map(([name, s, reason, at]) => el('tr', { 'data-row': name.trim() }, el('td', {}, name), el('td', { class: s === 'up' ? 'ok' : 'bad' }, s ?? ''), el('td', {}, reason ?? ''), el('td', {}, at ?? ''))));
  const config = Object.entries(state.config ?? {});
  fill(document.getElementById('state-config-note'), state.config ? 'Values as the app validated them; a variable whose name says it is a secret (and a URL\'s password) shows [redacted].' : 'no ConfigModule');
  fill(document.querySelector('#state-config tbody'), ...config.map(([key, value]) => el('tr', { 'data-key': key }, el('td', {}, key), el('td', {}, value === null ? '(unset)' : typeof value === 'string' ? value : JSON.stringify(value)))));
  const throttler = state.throttler;
  fill(document.getElementById('state-storage'), throttler ? `storage: ${throttler.storage}${throttler.keys !== undefined ? `, ${throttler.keys} counters in memory` : ''}` : 'no ThrottlerModule');
  fill(document.querySelector('#state-throttlers tbody'), ...(throttler?.throttlers ?? []).map((t) => el('tr', {}, el('td', {}, t.name), el('td', {}, String(t.limit)), el('td', {}, `${t.ttl} ms`))));
}

function ago(atMs) {
  const seconds = Math.max(0, Math.round((Date.now() - atMs) / 1000));
  return seconds < 60 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`;
}
