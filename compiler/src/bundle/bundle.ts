import fs from 'node:fs';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { createBuilder } from '../builder/builder.js';
import { unwrapInferredNames } from './bundle-names.js';
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import { toPosix } from '../files/file-paths.js';
import { hostDiagnostics } from './host-checks.js';
import type { BundleTarget } from './targets.js';
import { workerBuiltins, workerRequirePrelude } from './worker-require.js';
import { descriptorModules, reflectionProtos } from './grpc-reflection.js';
import { lazyPackages } from './lazy-packages.js';
import { CLASS_VALIDATOR, leaveOut, leftOutBy } from './left-out.js';
import { classValidatorNeed, type ConfigSources } from './class-validator-need.js';
import { tablesSourcesOf, type TablesSources } from './tables-sources.js';
import { collectProtoFiles, wellKnownJson, type BundledProtoFile } from './proto-sources.js';


export interface BundleOptions {
  /** The module that starts the app (`src/main.ts`) or exports the host's handler. */
  readonly entry: string;
  /** The directory the bundle is written to; default `dist/bundle`. */
  readonly outDir?: string;
  readonly target?: BundleTarget;
  /** Packages left as imports (resolved beside the bundle at run time); default none. */
  readonly external?: readonly string[];
  readonly minify?: boolean;
  /**
   * What the entry imports through `import()` goes into files of its own beside the bundle
   * (`chunks/`), parsed only when imported, instead of inside the one file; default false. Not for
   * `--target workers`.
   */
  readonly split?: boolean;
  /**
   * The application's sources, checked against what the host gives (`--target workers` and
   * `lambda`); default: those the carried tables were built from (their first line), else the
   * entry's directory.
   */
  readonly srcDir?: string;
  /** Base of relative paths; default `process.cwd()`. */
  readonly cwd?: string;
}

/** A bundle refused before esbuild ran: what the application asks that the host does not give (FW1416). */
export class BundleRefused extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join('\n'));
  }
}

export interface BundleResult {
  /** The entry's file: `<outDir>/<entry name>.mjs` (with `split`, beside `<outDir>/chunks/`). */
  readonly file: string;
  /** Of every file written. */
  readonly bytes: number;
  /** How many chunk files `split` wrote (0 without it). */
  readonly chunks: number;
  /** The `.proto` files carried inside, by the path the bundle's modules ask for. */
  readonly protos: readonly string[];
  /** What the host never runs, left out (`--target lambda` and `workers`; see `leftOutBy`). */
  readonly leftOut: readonly string[];
  /** For `--target workers`: why class-validator stays in the bundle, when it does. */
  readonly classValidatorKept?: string;
}

const VIRTUAL = 'framework-bundle';
// Replaced after the build by the schema files found while bundling (a global's name survives minifying).
const PLACEHOLDER = 'globalThis.__FRAMEWORK_BUNDLED_PROTOS__';

/**
 * Bundles an application into one ES module for a host: its tables and compiled validators (plain
 * modules of `generated/`), the runtime and every dependency inlined, and the `.proto` files its
 * modules load carried as text, so the host reads no file at start and resolves no package.
 *
 * @example
 * const { file } = await bundleApp({ entry: 'examples/todo/src/main.ts', outDir: 'dist/bundle' });
 * // node dist/bundle/main.mjs
 *
 * @throws {BundleRefused} for `--target workers` when the bundle carries gRPC controllers (FW1416)
 */
export async function bundleApp(options: BundleOptions): Promise<BundleResult> {
  const entry = path.resolve(options.entry);
  if (!fs.existsSync(entry)) throw new Error(`The entry ${options.entry} does not exist.`);
  const target = options.target ?? 'node';
  const outDir = path.resolve(options.outDir ?? 'dist/bundle');
  const file = path.join(outDir, `${path.basename(entry).replace(/\.[cm]?[jt]sx?$/, '')}.mjs`);
  const protos = new Map<string, BundledProtoFile>();
  const required = new Set<string>();
  const reflection = reflectionProtos();
  const workingDir = process.cwd();
  const split = (options.split ?? false) && target !== 'workers';
  const leftOut = leftOutBy(target);
  const run = (modules: ReturnType<typeof descriptorModules>) =>
    build({
      entryPoints: [{ in: `${VIRTUAL}:entry`, out: path.basename(file, '.mjs') }],
      outdir: outDir,
      outExtension: { '.js': '.mjs' },
      ...(split ? { splitting: true, chunkNames: 'chunks/[name]-[hash]' } : {}),
      absWorkingDir: workingDir,
      bundle: true,
      format: 'esm',
      ...platformOf(target),
      external: [...(platformOf(target).external ?? []), ...(options.external ?? [])],
      keepNames: true, // error names, guard and middleware names in logs come from `.name`; the redundant wrappers go after (`unwrapInferredNames`)
      minify: options.minify ?? false,
      legalComments: 'none',
      logLevel: 'silent',
      write: false,
      metafile: true,
      plugins: [
        // First: another plugin's `onLoad` of every `.js` file must not reach the modules it makes.
        ...(leftOut.length > 0 ? [leaveOut(leftOut)] : []),
        entryPlugin(entry, modules),
        protoPlugin(packageDirOf(entry), protos),
        ...(target === 'workers' ? [workerBuiltins(required)] : [reflection.plugin]),
        ...(split ? [lazyPackages()] : []),
      ],
    });
  const descriptors = target === 'workers' ? undefined : descriptorModules(entry, packageDirOf(entry));
  let result = await run(descriptors);
  // The descriptor extension serves @framework/grpc's reflection: an entry of a gRPC application
  // that serves no gRPC (an HTTP-only `main`) is bundled again without it (200 KB less to compile).
  if (descriptors && !carriesGrpc(result.metafile!, workingDir)) {
    protos.clear();
    required.clear();
    reflection.carried.clear();
    result = await run(undefined);
  }
  // A Worker or a Lambda function starts from its bundle alone: what it carries and never runs costs
  // its start. Checked against the sources of the tables it carries, the entry being anywhere.
  const sources = (): TablesSources => (options.srcDir !== undefined ? { srcDir: options.srcDir } : (tablesSourcesOf(result.metafile!, workingDir) ?? { srcDir: path.dirname(options.entry) }));
  const checked = target === 'workers' || target === 'lambda' ? hostCheck(target, sources(), options.cwd ?? process.cwd()) : undefined;
  let classValidatorKept: string | undefined;
  if (checked && result.metafile) {
    const inside = new Set(Object.keys(result.metafile.inputs).map((input) => toPosix(path.resolve(workingDir, input))));
    checked.refuse((source) => inside.has(toPosix(source)));
    // Without class-validator (with libphonenumber-js and its share of validator.js, some 650 KB)
    // when the build proves nothing in the bundle runs class-validator.
    classValidatorKept = classValidatorNeed(result.metafile, workingDir, checked);
    if (classValidatorKept === undefined) {
      leftOut.push(CLASS_VALIDATOR);
      protos.clear();
      required.clear();
      result = await run(descriptors);
    }
  }
  const output = result.outputFiles.find((out) => out.path === file);
  if (!output) throw new Error(`esbuild wrote no ${file}.`);
  const carried = protos.size === 0 ? { files: {}, wellKnown: {} } : { files: Object.fromEntries([...protos.values()].map((p) => [p.key, p.text])), wellKnown: wellKnownJson(entry) };
  if (!output.text.includes(PLACEHOLDER)) throw new Error(`esbuild's output lost the place of the schema files (${PLACEHOLDER}).`);
  // A function, so that a `$` in a schema's text is not read as a replacement pattern.
  const text = workerRequirePrelude(required) + unwrapInferredNames(output.text).replace(PLACEHOLDER, () => JSON.stringify(carried));
  fs.mkdirSync(outDir, { recursive: true });
  // Chunks are named by their content: those of an earlier build would stay beside the new ones.
  fs.rmSync(path.join(outDir, 'chunks'), { recursive: true, force: true });
  fs.writeFileSync(file, text);
  let bytes = Buffer.byteLength(text);
  for (const chunk of result.outputFiles) {
    if (chunk.path === file) continue;
    fs.mkdirSync(path.dirname(chunk.path), { recursive: true });
    const contents = /\.m?js$/.test(chunk.path) ? unwrapInferredNames(chunk.text) : chunk.contents;
    fs.writeFileSync(chunk.path, contents);
    bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
  }
  return { file, bytes, chunks: result.outputFiles.length - 1, protos: [...protos.keys(), ...reflection.carried], leftOut: leftOut.map((part) => part.what), ...(classValidatorKept ? { classValidatorKept } : {}) };
}

/**
 * Builds the tables in memory to see what the application asks of the host; errors of the build
 * itself are thrown at once (before the bundle is written), the host's refusals (FW1416) once the
 * bundle's modules are known, for the controllers whose modules it carries.
 */
function hostCheck(target: BundleTarget, sources: TablesSources, cwd: string): HostCheck {
  const result = createBuilder({ ...sources, cwd }).build();
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new BundleRefused(sortDiagnostics(errors));
  return {
    refuse: (carried) => {
      const refused = result.model ? hostDiagnostics(result.model, target, carried) : [];
      if (refused.length > 0) throw new BundleRefused(sortDiagnostics(refused));
    },
    srcDir: result.srcDir,
    dynamicModules: result.dynamicModules ?? [],
    compiledSchemas: new Set(result.model?.config.filter((c) => c.plan.kind === 'compiled').map((c) => c.schema.dto.ref.key)),
    manifest: /manifest: '([0-9a-f]+)'/.exec(result.files.find((f) => path.posix.basename(f.path) === 'tables.ts')?.text ?? '')?.[1],
  };
}

interface HostCheck extends ConfigSources {
  /** Throws FW1416 for the gRPC controllers whose modules the bundle carries. */
  readonly refuse: (carried: (file: string) => boolean) => void;
}

function platformOf(target: BundleTarget): Parameters<typeof build>[0] {
  // Node's built-ins are the Worker runtime's own under its `nodejs_compat` flag.
  // Node's built-ins are made external by `workerBuiltins`, with or without the `node:` prefix.
  if (target === 'workers') return { platform: 'browser', conditions: ['workerd', 'worker', 'browser'], target: 'es2022' };
  // CommonJS dependencies (grpc-js, protobufjs) `require` Node's built-ins: an ES module has no
  // `require`, so the bundle makes one, from the bundle's own URL (Node and Bun alike).
  return {
    platform: 'node',
    target: target === 'bun' ? 'esnext' : 'node20',
    ...(target === 'bun' ? { conditions: ['bun'] } : {}),
    banner: { js: "import { createRequire as __frameworkCreateRequire } from 'node:module';\nconst require = __frameworkCreateRequire(import.meta.url);" },
  };
}

/**
 * The bundle's entry: a first module that leaves the schema files where `loadProto` looks (it runs
 * before any module of the application, as ES modules run in import order), then the application's
 * entry with everything it exports (a Lambda `handler`, a Worker's default export).
 */
function entryPlugin(entry: string, modules: ReturnType<typeof descriptorModules>): Plugin {
  const hasDefault = /\bexport\s+default\b|\bas\s+default\b/.test(fs.readFileSync(entry, 'utf8'));
  const spec = JSON.stringify(toPosix(entry));
  return {
    name: 'framework-entry',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${VIRTUAL}:`) }, (args) => ({ path: args.path, namespace: VIRTUAL }));
      b.onLoad({ filter: /.*/, namespace: VIRTUAL }, (args) =>
        args.path === `${VIRTUAL}:entry`
          ? { contents: `import '${VIRTUAL}:protos';\nexport * from ${spec};\n${hasDefault ? `export { default } from ${spec};\n` : ''}`, resolveDir: path.dirname(entry), loader: 'js' }
          : {
              contents: `globalThis[Symbol.for('@framework/grpc.bundledProtos')] = { base: import.meta.url, ${modules ? `modules: ${modules.source}, ` : ''}...${PLACEHOLDER} };\n`,
              loader: 'js',
              ...(modules ? { resolveDir: modules.resolveDir } : {}),
            },
      );
    },
  };
}

/** Whether @framework/grpc's modules are in the bundle (a linked workspace package or an installed one). */
export function carriesGrpc(metafile: Metafile, workingDir: string): boolean {
  return Object.keys(metafile.inputs).some((input) => /(?:^|[\\/])(?:runtime[\\/]grpc|@framework[\\/]grpc)[\\/]dist[\\/]/.test(toPosix(path.resolve(workingDir, input))));
}

/** The directory of the package.json nearest to `file`: the application's own modules are under it. */
function packageDirOf(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.dirname(file);
  }
}

/** Finds the schema files the application's own modules (not its dependencies, even linked ones) load. */
function protoPlugin(appDir: string, into: Map<string, BundledProtoFile>): Plugin {
  const inApp = appDir + path.sep;
  return {
    name: 'framework-protos',
    setup(b) {
      b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        if (!args.path.startsWith(inApp) || args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = fs.readFileSync(args.path, 'utf8');
        collectProtoFiles(args.path, text, into);
        return undefined; // esbuild reads and compiles it as usual
      });
    },
  };
}
