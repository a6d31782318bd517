// The last build: framework-build's diagnostics with their code frames, then the type check's errors.
import { el, fill } from './dom.js';

/** Why did it not resolve: the last build's module and wiring diagnostics, above the graph. */
function showWhy(build) {
  const wiring = build.diagnostics.filter((d) => d.wiring);
  fill(
    document.getElementById('graph-why'),
    ...(wiring.length === 0
      ? []
      : [
          el('h3', {}, `Why it does not resolve: ${wiring.length} diagnostic${wiring.length === 1 ? '' : 's'} of the last build (the graph is the last clean build's)`),
          ...wiring.map((d) => el('div', { class: `diagnostic ${d.severity}` }, el('strong', {}, `${d.file}:${d.line}:${d.column} - ${d.code}`), el('div', {}, d.message), d.hint ? el('div', { class: 'muted' }, d.hint) : undefined)),
        ]),
  );
}

export function showBuild(build) {
  const badge = document.getElementById('build-status');
  if (!build) return;
  showWhy(build);
  const errors = build.diagnostics.filter((d) => d.severity === 'error').length + (build.typeCheck?.errors ?? 0);
  badge.className = `badge ${build.ok ? 'ok' : 'bad'}`;
  fill(badge, build.ok ? `build ${build.sequence} clean (${build.ms} ms)` : `build ${build.sequence}: ${errors} error${errors === 1 ? '' : 's'}, the app runs the last good build`);
  fill(
    document.getElementById('build-summary'),
    el('p', {}, `Build ${build.sequence} at ${new Date(build.at).toLocaleTimeString()}: ${build.stats.routes} routes, ${build.stats.rpcs} RPCs, ${build.stats.providers} providers, ${build.stats.modules} modules in ${build.ms} ms.`),
    build.typeCheck ? el('p', {}, `Type check: ${build.typeCheck.errors} error${build.typeCheck.errors === 1 ? '' : 's'} in ${build.typeCheck.ms} ms.`) : undefined,
    build.ok ? undefined : el('p', { class: 'bad' }, 'The app keeps serving the last good build until these are fixed.'),
  );
  fill(
    document.getElementById('build-diagnostics'),
    ...build.diagnostics.map((d) =>
      el('div', { class: `diagnostic ${d.severity}` },
        el('strong', {}, `${d.file}:${d.line}:${d.column} - ${d.severity} ${d.code}`), el('div', {}, d.message),
        d.frame ? el('pre', {}, d.frame) : undefined, d.hint ? el('div', { class: 'muted' }, d.hint) : undefined),
    ),
  );
  fill(document.getElementById('build-types'), build.typeCheck?.text || '');
  document.getElementById('build-types').hidden = !build.typeCheck?.text;
}
