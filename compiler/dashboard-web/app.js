// The dev dashboard's page: reads /api/* of the server that served it and follows /api/events.
import { follow, get } from './api.js';
import { showBuild } from './build.js';
import { FIRST_ROWS, initCatalog, showCatalog } from './catalog.js';
import { fill } from './dom.js';
import { chooseRoute, explorerApp, explorerRoutes, initExplorer } from './explorer.js';
import { drawPending, initGraph, showGraph } from './graph.js';
import { initState, refreshState } from './state.js';
import { addLines, addSpans, initTraces, traceRoutes } from './traces.js';

function show(view) {
  for (const button of document.querySelectorAll('#tabs button')) button.setAttribute('aria-selected', String(button.dataset.view === view));
  for (const section of document.querySelectorAll('.view')) section.hidden = section.id !== `view-${view}`;
  if (location.hash !== `#${view}`) history.replaceState(null, '', `#${view}`);
  if (view === 'state') void refreshState();
  if (view === 'graph') drawPending();
}

/**
 * Shows the catalog's first rows as soon as it comes, then fills the explorer's and traces' route
 * lists (thousands of options on a large app) in a later task, and the graph when it comes.
 */
function refreshModel() {
  const graph = get('graph');
  const catalog = get('routes');
  // The first rows come in a small answer of their own, shown unless the whole catalog came first.
  const first = get('routes', `?first=${FIRST_ROWS}`);
  const tryRoute = (route) => {
    chooseRoute(route.id);
    show('explorer');
  };
  let whole = false;
  const catalogShown = Promise.race([
    first.then((head) => void (whole || showCatalog(head, tryRoute))),
    catalog.then((next) => {
      whole = true;
      showCatalog(next, tryRoute);
    }),
  ]);
  const lists = catalog.then((next) => new Promise((resolve) => setTimeout(resolve, 0, next))).then((next) => {
    explorerRoutes(next);
    traceRoutes(next);
  });
  return { catalogShown, all: Promise.all([lists, graph.then(showGraph)]) };
}

async function refreshApp() {
  const { origin, grpc } = await get('app');
  explorerApp(origin, grpc);
  fill(document.getElementById('app-address'), origin ? `app: ${origin}${grpc ? `, gRPC ${grpc}` : ''}` : 'app: not serving yet');
}

for (const button of document.querySelectorAll('#tabs button')) button.addEventListener('click', () => show(button.dataset.view));
initCatalog();
initExplorer();
initGraph();
initState();
const views = ['catalog', 'explorer', 'traces', 'build', 'state', 'graph'];
show(views.includes(location.hash.slice(1)) ? location.hash.slice(1) : 'catalog');
const model = refreshModel();
// When the catalog's first rows are in the page (the rest follow in slices), since the navigation began.
void model.catalogShown.then(() => (document.body.dataset.firstRowsMs = String(Math.round(performance.now()))));
await Promise.all([model.all, refreshApp(), get('build').then(showBuild), initTraces()]);
follow({
  build: (build) => {
    showBuild(build);
    if (build.modelCurrent) void refreshModel().all;
  },
  spans: addSpans,
  lines: addLines,
  app: () => void refreshApp(),
});
// When the page had its data, since the navigation began: what a test reads as the page's load time.
document.body.dataset.readyMs = String(Math.round(performance.now()));
document.body.dataset.ready = 'true';
