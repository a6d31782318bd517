// The import graph of the compiler and the runtime, as docs/architecture.md draws it: each package
// in layers, every import pointing down, no circle anywhere (type-only imports count: a circle of
// types is as hard to read as one of values). Checked by `npm run check:imports` and by
// test/architecture/import-graph.test.ts, which also keeps the known exceptions
// (.dependency-cruiser-known-violations.json) from growing or going stale.
//
// A layer is a list of folders (`chain/`) and files (`tables.ts`) of one package's `src/`, listed
// from the top (entry points) to the bottom (what everything may use). A module may import from
// its own layer and the layers below it, never from a layer above.

/** @type {Record<string, { root: string, layers: { name: string, holds: string[] }[] }>} */
const PACKAGES = {
  compiler: {
    root: 'compiler/src',
    layers: [
      { name: 'entry', holds: ['cli.ts', 'index.ts', 'cli/'] },
      { name: 'dev loop', holds: ['dev/'] },
      { name: 'bundler', holds: ['bundle/'] },
      { name: 'build orchestrator', holds: ['builder/'] },
      { name: 'emit and set-up checks', holds: ['emit/', 'setup/', 'schemas/'] },
      { name: 'passes over the IR', holds: ['analyze/', 'discover/'] },
      { name: 'user project', holds: ['project/'] },
      { name: 'proto loading', holds: ['proto/'] },
      { name: 'diagnostics', holds: ['diagnostics/'] },
      { name: 'IR and file paths', holds: ['ir/', 'files/'] },
    ],
  },
  core: {
    root: 'runtime/core/src',
    layers: [
      { name: 'entry', holds: ['index.ts', 'transport.ts'] },
      { name: 'application', holds: ['application/'] },
      { name: 'transports', holds: ['http/', 'swagger-ui/'] },
      { name: 'transport contract', holds: ['hosting/'] },
      { name: 'capabilities', holds: ['auth/', 'throttler/', 'interceptors/', 'health/', 'config/'] },
      { name: 'request chain', holds: ['chain/'] },
      { name: 'chain parts', holds: ['params/', 'telemetry/'] },
      { name: 'foundations', holds: ['di/', 'decorators/', 'metadata.ts', 'validation/', 'logging/', 'timing/', 'network/', 'cors/'] },
      { name: 'contract', holds: ['contract/'] },
      { name: 'primitives', holds: ['types/', 'exceptions/'] },
    ],
  },
};

/** The compiler–runtime contract: the types the generated tables are written in. */
const CONTRACT = '^runtime/core/src/contract/';

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A path regex matching what `holds` lists under `root`. */
const pathOf = (root, holds) => `^${escape(root)}/(${holds.map((entry) => (entry.endsWith('/') ? escape(entry) : `${escape(entry)}$`)).join('|')})`;

/** One rule per layer: nothing in it imports a layer above it. */
const layerRules = Object.entries(PACKAGES).flatMap(([pkg, { root, layers }]) =>
  layers.slice(1).map((layer, index) => ({
    name: `${pkg}-layer-${layer.name.replace(/[^a-z]+/gi, '-').toLowerCase()}`,
    comment: `${root}: ${layer.holds.join(' ')} (${layer.name}) may import only its own layer and those below it, not ${layers
      .slice(0, index + 1)
      .flatMap((above) => above.holds)
      .join(' ')}.`,
    severity: 'error',
    from: { path: pathOf(root, layer.holds) },
    to: { path: pathOf(root, layers.slice(0, index + 1).flatMap((above) => above.holds)) },
  })),
);

/** Every file of a package's `src/` is in one of its layers, so a new folder gets a place on purpose. */
const placedRules = Object.entries(PACKAGES).map(([pkg, { root, layers }]) => ({
  name: `${pkg}-every-file-in-a-layer`,
  comment: `${root}: a new folder or top-level file belongs in a layer of .dependency-cruiser.cjs (and on the map of docs/architecture.md).`,
  severity: 'error',
  from: {},
  to: { path: `^${escape(root)}/`, pathNot: pathOf(root, layers.flatMap((layer) => layer.holds)) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other (directly or through others) cannot be read, tested or moved one at a time.',
      severity: 'error',
      from: { pathNot: CONTRACT },
      to: { circular: true },
    },
    {
      // The one exception: a handler entry is invoked with an argument source, whose context returns
      // the handler entry. Those declarations name each other by nature; they stay in files of their
      // own (tables.ts, execution-context.ts, argument-source.ts) and import each other as types only.
      // A circle through any file outside contract/ is caught by no-circular from that file.
      name: 'contract-types-only',
      comment: 'The contract files name each other with type-only imports (nothing of one runs in another).',
      severity: 'error',
      from: { path: CONTRACT },
      to: { path: CONTRACT, dependencyTypesNot: ['type-only'] },
    },

    ...layerRules,
    ...placedRules,
    {
      name: 'compiler-and-runtime-apart',
      comment: 'The compiler and the runtime meet only in the generated tables: neither imports the other.',
      severity: 'error',
      // `$1` is the side the import starts from: an import may stay there, never cross.
      from: { path: '^(compiler|runtime)/' },
      to: { path: '^(compiler|runtime)/', pathNot: '^$1/' },
    },
    {
      name: 'core-through-its-exports',
      comment: '@framework/grpc and @framework/testing use @framework/core through its package exports, as any transport author does.',
      severity: 'error',
      from: { path: '^runtime/(grpc|testing)/' },
      to: { path: '^runtime/core/src/' },
    },
    {
      name: 'chain-transport-neutral',
      comment: 'The request chain imports neither hono nor @grpc/grpc-js: the transports translate to and from it.',
      severity: 'error',
      from: { path: '^runtime/core/src/chain/' },
      to: { path: 'node_modules/(hono|@hono|@grpc)/' },
    },
    {
      // One HTTP pipeline over a host port (docs/http-pipeline.md): what a host gives is reached only
      // through its adapter, so a stage written once serves node:http and every fetch host alike.
      name: 'host-apis-in-hosts',
      comment: 'Only runtime/core/src/http/hosts/ imports a host\'s own API (node:http, node:https, node:http2, node:net, ws, hono, @hono/*).',
      severity: 'error',
      from: { path: '^runtime/core/src/', pathNot: '^runtime/core/src/http/hosts/' },
      to: { path: ['^(node:)?(http|https|http2|net)$', 'node_modules/(hono|@hono/[^/]+|ws)/'] },
    },
    {
      name: 'stages-below-hosts',
      comment: 'The HTTP stages (http/ outside hosts/) never import a host adapter; only the transport\'s wiring (http/http-transport.ts) picks one.',
      severity: 'error',
      from: { path: '^runtime/core/src/http/', pathNot: ['^runtime/core/src/http/hosts/', '^runtime/core/src/http/http-transport\\.ts$'] },
      to: { path: '^runtime/core/src/http/hosts/' },
    },
    {
      name: 'core-without-grpc-js',
      comment: '@framework/core does not load @grpc/grpc-js: gRPC is the @framework/grpc package.',
      severity: 'error',
      from: { path: '^runtime/core/src/' },
      to: { path: 'node_modules/@grpc/grpc-js/' },
    },
  ],
  options: {
    // Type-only imports are edges too: `tables.ts` importing a type is as much a dependency as a value.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // The packages' build output (where `@framework/core` resolves from its sibling packages) is not source.
    exclude: { path: '^(compiler|runtime/[^/]+)/dist/' },
    // Packages' subpath exports (`hono/utils/url`, `jose/jwt/sign`) resolve as Node resolves them.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default', 'types'] },
  },
};
