#!/usr/bin/env node
/**
 * `framework-build <srcDir> [--out generated] [--check] [--json] [--watch] [--root <Module>] [--tsconfig <path>]
 *   [--allow-unbound-rpc] [--explain]`
 * `framework-build dev <srcDir> [--entry src/main.ts] [--no-type-check] [--no-overlap] [--out generated] …`: rebuild and
 *   type-check on change, restart the app when both are clean.
 * `framework-build bundle <entry> [--out dist/bundle] [--target node|bun|workers|lambda]`: one ES module for a host.
 *
 * Compiles the decorated sources under srcDir into `<out>/tables.ts` and `<out>/openapi.json` (and, with
 * `--client`, the typed client `<out>/client.ts`), printing diagnostics like tsc.
 * Exit code 1 when any error was reported, or with `--check` when the output on disk is stale.
 *
 * @example
 * framework-build examples/todo/src --out generated/todo
 * framework-build examples/todo/src --out generated/todo --check
 * framework-build examples/todo/src --out generated/todo --explain   # which providers are request-scoped, and why
 * framework-build dev src --entry src/main.ts                          # the dev loop of a generated app
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { createBuilder } from './builder/builder.js';
import type { BundleTarget } from './bundle/targets.js';
import type { Builder, BuildResult } from './builder/build-options.js';
import { settleOutput } from './builder/output.js';
import { printFailure, watchSources } from './builder/watch.js';
import { report } from './cli/report.js';
import { frameworkVersion } from './cli/version.js';
import { displayPath } from './files/file-paths.js';

const argv = await yargs(hideBin(process.argv))
  .scriptName('framework-build')
  .command('$0 <srcDir>', 'Compile decorated sources into route, DI and dispatch tables.', (y) =>
    y.positional('srcDir', { type: 'string', demandOption: true, describe: 'Directory of the application sources' }),
  )
  .command('dev <srcDir>', 'Rebuild the tables on every change and restart the app when the build is clean.', (y) =>
    y
      .positional('srcDir', { type: 'string', demandOption: true, describe: 'Directory of the application sources' })
      .option('entry', { type: 'string', default: 'src/main.ts', describe: 'The file that starts the app, run with tsx' })
      .option('type-check', {
        type: 'boolean',
        default: true,
        describe: 'Type-check the project after each clean build and restart only without type errors (--no-type-check: restart sooner, type errors reach the app)',
      })
      .option('overlap', {
        type: 'boolean',
        default: true,
        describe: 'Start the next app beside the last good one and hand the ports over when it is ready (--no-overlap: stop the old app first, for an app whose start takes a fixed port or a lock)',
      })
      .option('timings', { type: 'boolean', default: false, describe: 'Print where each restart\'s time went: build, type check, the new app\'s start, the old one\'s stop' })
      .option('dashboard', { type: 'boolean', default: true, describe: 'Serve the local dev dashboard on 127.0.0.1 (--no-dashboard: none, and no exporter in the app)' })
      .option('dashboard-port', { type: 'number', default: 9400, describe: 'The dev dashboard\'s port on 127.0.0.1 (0: any free port)' })
      .example('framework-build dev src --entry src/main.ts', 'Rebuild, type-check and restart the app on every save; the dashboard at http://127.0.0.1:9400/')
      .example('framework-build dev src --timings', 'The same, printing where each restart\'s time went')
      .example('framework-build dev src --dashboard-port 0', 'The same, the dashboard on any free port (--no-dashboard: none)'),
  )
  .command('bundle <entry>', 'Bundle the app into one ES module for a host: tables, validators, .proto files and dependencies inside.', (y) =>
    y
      .positional('entry', { type: 'string', demandOption: true, describe: 'The module that starts the app (or exports the host\'s handler)' })
      .option('out', { type: 'string', default: 'dist/bundle', describe: 'Directory of the bundle, <entry name>.mjs' })
      .option('target', { choices: ['node', 'bun', 'workers', 'lambda'] as const, default: 'node' as const, describe: 'The host the bundle runs on' })
      .option('external', { type: 'string', array: true, describe: 'A package left as an import, resolved beside the bundle at run time (repeatable)' })
      .option('minify', { type: 'boolean', default: false, describe: 'Minify the bundle (names of classes and functions are kept)' })
      .option('split', { type: 'boolean', default: false, describe: 'Put what the app loads with import() into chunks/ beside the entry, read only when loaded (a faster start); not with --target workers' })
      .example('framework-build bundle src/main.ts --out dist/bundle', 'One file, dist/bundle/main.mjs, run with `node dist/bundle/main.mjs` and no node_modules')
      .example('framework-build bundle src/main.ts --target bun', 'The same for Bun: `bun dist/bundle/main.mjs`')
      .option('compile', { type: 'boolean', default: false, describe: 'With --target bun: one executable with the bytecode of every module (bun build --compile --bytecode; needs bun, or BUN=<path>)' })
      .option('bytecode', { type: 'boolean', default: false, describe: 'With --target bun: one CommonJS script of an HTTP entry, <entry name>.cjs, with its bytecode beside it for `bun` to load instead of parsing (bun build --bytecode; needs bun, or BUN=<path>)' })
      .option('snapshot', { type: 'boolean', default: false, describe: 'Instead of an ES module, a V8 startup snapshot of an HTTP entry for the Node running this: <entry name>.blob, run with node --snapshot-blob' })
      .option('code-cache', { type: 'boolean', default: false, describe: 'For Node: one CommonJS script of an HTTP entry, started by <entry name>.cjs with the code V8 compiled in a warm start of it (made by the Node running this)' })
      .option('warm', { type: 'string', array: true, describe: 'With --code-cache: a path the warm start is asked for, GET (repeatable; default /)' })
      .example('framework-build bundle src/main.ts --split', 'The entry, and chunks/ of what it loads with import(): a faster start')
      .example('framework-build bundle src/main-http.ts --snapshot', 'A startup snapshot: node --snapshot-blob dist/bundle/main-http.blob')
      .example('framework-build bundle main.ts --target bun --compile', 'One Bun executable, bytecode inside')
      .example('framework-build bundle main.ts --target bun --bytecode', 'A script and its bytecode: bun dist/bundle/main.cjs'),
  )
  .option('out', { type: 'string', default: 'generated', describe: 'Output directory for tables.ts' })
  .option('check', { type: 'boolean', default: false, describe: 'Fail when the output on disk is stale; write nothing' })
  .option('json', { type: 'boolean', default: false, describe: 'Print diagnostics as JSON only' })
  .option('watch', { type: 'boolean', default: false, describe: 'Rebuild when a source file changes' })
  .option('root', { type: 'string', describe: 'Name of the root module class' })
  .option('tsconfig', { type: 'string', describe: 'tsconfig.json to load' })
  .option('allow-unbound-rpc', {
    type: 'boolean',
    describe: 'Report .proto RPCs that no @GrpcMethod binds as warnings, not errors (also: "frameworkBuild": { "allowUnboundRpc": true } in package.json)',
  })
  .option('openapi', { type: 'boolean', describe: 'Write openapi.json beside the tables (default true; --no-openapi, or "frameworkBuild": { "openapi": false })' })
  .option('openapi-title', { type: 'string', describe: 'The document\'s title (default: the package name)' })
  .option('openapi-version', { type: 'string', describe: 'The document\'s version (default: the package version)' })
  .option('openapi-server', { type: 'string', array: true, describe: 'A server URL of the document (repeatable)' })
  .option('client', { type: 'boolean', describe: 'Also write the typed fetch client client.ts (or "frameworkBuild": { "client": true })' })
  .option('explain', { type: 'boolean', default: false, alias: 'explain-scope', describe: 'Also print which providers are request-scoped and why, and how each DTO is validated' })
  // One example per command and per common use; docs/cli.md shows the same (a test compares them).
  .example('framework-build src', 'Build generated/ (tables, openapi.json) once, printing the diagnostics')
  .example('framework-build src --check', 'In CI: exit 1 when generated/ is stale; write nothing')
  .example('framework-build src --watch', 'Rebuild on every change of a source or .proto file')
  .example('framework-build src --explain', 'Also say which providers are request-scoped, and how DTOs are validated')
  .example('framework-build dev src --entry src/main.ts', 'The dev loop: rebuild, type-check and restart the app on every save')
  .example('framework-build bundle src/main.ts --out dist/bundle', 'One file for production: dist/bundle/main.mjs, run with plain node and no node_modules')
  .example('framework-build --version', "The framework's version, one for all its packages")
  .wrap(110)
  .version(frameworkVersion())
  .strict()
  .help()
  .parseAsync();

const cwd = process.cwd();
if (argv._[0] === 'bundle') {
  // Loaded for `bundle` only: esbuild is not paid for by a build of the tables.
  const { runBundle } = await import('./bundle/bundle-command.js');
  // The command's own options are not in the top-level type of argv.
  const own = argv as unknown as { target: BundleTarget; external?: string[]; minify: boolean; split: boolean; snapshot: boolean; compile: boolean; bytecode: boolean; codeCache: boolean; warm?: string[] };
  process.exit(await runBundle({ entry: String(argv.entry), outDir: argv.out, target: own.target, external: (own.external ?? []).map(String), minify: own.minify, split: own.split, snapshot: own.snapshot, compile: own.compile, bytecode: own.bytecode, codeCache: own.codeCache, warm: (own.warm ?? []).map(String), cwd }));
}
const openApiFlags = [
  ...(argv.openapiTitle !== undefined ? [['title', argv.openapiTitle]] : []),
  ...(argv.openapiVersion !== undefined ? [['version', argv.openapiVersion]] : []),
  ...(argv.openapiServer !== undefined ? [['servers', argv.openapiServer.map(String)]] : []),
];
let builder: Builder;
try {
  builder = createBuilder({
    srcDir: String(argv.srcDir),
    outDir: argv.out,
    cwd,
    ...(argv.root !== undefined ? { root: argv.root } : {}),
    ...(argv.tsconfig !== undefined ? { tsconfig: argv.tsconfig } : {}),
    ...(argv.allowUnboundRpc !== undefined ? { allowUnboundRpc: argv.allowUnboundRpc } : {}),
    ...(argv.client !== undefined ? { client: argv.client } : {}),
    ...(argv.openapi === false ? { openapi: false as const } : openApiFlags.length > 0 ? { openapi: Object.fromEntries(openApiFlags) } : {}),
  });
} catch (error) {
  printFailure(error);
  process.exit(1);
}
const write = (text: string): void => void process.stdout.write(text);
const explain = argv.explain;
/** Writes a build's files (or compares them, --check), then prints; a failure to write is printed, not thrown, so --watch goes on. */
const show = (result: BuildResult, ms: number): void => {
  try {
    const output = settleOutput(result.files, argv.check);
    process.exitCode = report(result, output, { cwd, json: argv.json, ms, write, explain });
  } catch (error) {
    printFailure(error);
    process.exitCode = 1;
  }
};

if (argv._[0] === 'dev') {
  // Loaded for `dev` only: a one-off build does not pay for the loop's modules.
  const { runDevLoop } = await import('./dev/dev-loop.js');
  const dashboardPort = Number(argv.dashboardPort ?? 9400);
  if (argv.dashboard !== false && !(Number.isInteger(dashboardPort) && dashboardPort >= 0 && dashboardPort <= 65535)) {
    // As typed: yargs has made a word NaN already.
    const typed = process.argv.find((a) => a.startsWith('--dashboard-port='))?.slice('--dashboard-port='.length) ?? process.argv[process.argv.indexOf('--dashboard-port') + 1];
    process.stderr.write(`--dashboard-port must be a port number from 0 to 65535 (0: any free port), not ${JSON.stringify(typed)}; or pass --no-dashboard.\n`);
    process.exit(1);
  }
  try {
    runDevLoop({ builder, entry: String(argv.entry), cwd, typeCheck: argv.typeCheck !== false, overlap: argv.overlap !== false, timings: argv.timings === true, dashboard: argv.dashboard === false ? false : dashboardPort, show: (result) => show(result, result.stats.ms), write });
  } catch (error) {
    printFailure(error);
    process.exit(1);
  }
} else {
  // The builder reports its own unexpected exceptions as FW1013 diagnostics; it does not throw.
  const first = builder.build();
  // performance.now() counts from process start, so the printed time is the whole run's wall time.
  show(first, Math.round(performance.now()));
  if (argv.watch) {
    write(`Watching ${displayPath(first.srcDir, cwd)} for changes...\n`);
    watchSources(builder, first.srcDir, first.outDir, (result) => show(result, result.stats.ms)).warmUp();
  }
}
