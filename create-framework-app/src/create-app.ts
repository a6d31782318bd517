import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appDependencies, nodeTarget } from './dependencies.js';
import { renderTemplate } from './render.js';

/** Options of {@link createApp}. */
export interface CreateAppOptions {
  /** The folder to create (it must not exist, or be empty). */
  readonly dir: string;
  /** Add a `.proto`, a gRPC controller and a gRPC test. */
  readonly grpc?: boolean;
  /** Add a Cloudflare Worker entry (`src/worker.ts`), `wrangler.toml` and `npm run build:worker`; not with `grpc` (a Worker serves no gRPC). */
  readonly workers?: boolean;
  /** Add an AWS Lambda handler (`src/lambda.ts`) and `npm run build:lambda`; not with `grpc` (a Lambda function serves no gRPC). */
  readonly lambda?: boolean;
  /** A folder of tarballs written by `npm run pack`: the app depends on them instead of the registry. */
  readonly packages?: string;
  /** The package name; default: the folder's name. */
  readonly name?: string;
}

/** What {@link createApp} wrote. */
export interface CreatedApp {
  readonly dir: string;
  readonly name: string;
  /** Paths relative to `dir`, sorted. */
  readonly files: readonly string[];
}

const TEMPLATE = new URL('../template/', import.meta.url);
/** npm leaves `.gitignore` out of published packages, so the template holds it under another name. */
const RENAMED: Readonly<Record<string, string>> = { gitignore: '.gitignore' };
const GRPC_ONLY = /\.proto$|\.grpc-controller\.ts$/;
const WORKERS_ONLY = /^src\/worker\.ts$|^wrangler\.toml$/;
const LAMBDA_ONLY = /^src\/lambda\.ts$/;

/**
 * Writes a complete app into `dir`: package.json (type module; scripts build, dev, start, test), a
 * tsconfig.json framework-build accepts, `src/` with a module, a controller with a validated DTO, a
 * service, `bootstrap.ts` and `main.ts`, a test of the app, `.gitignore` and a README. Throws when
 * `dir` exists and is not empty, a tarball is missing from `packages`, or `grpc` is asked with `workers` or `lambda`.
 * With `workers`, also `src/worker.ts` (the Worker's `fetch`), `wrangler.toml` and `npm run build:worker`;
 * with `lambda`, `src/lambda.ts` (the function's handler) and `npm run build:lambda`.
 *
 * @example
 * createApp({ dir: 'my-api', grpc: true }); // then: cd my-api && npm install && npm run dev
 * createApp({ dir: 'my-worker', workers: true }); // then: npm install && npm run build:worker && npx wrangler dev
 * createApp({ dir: 'my-function', lambda: true }); // then: npm install && npm run build:lambda, and zip dist/lambda
 */
export function createApp(options: CreateAppOptions): CreatedApp {
  const dir = path.resolve(options.dir);
  const name = options.name ?? packageName(path.basename(dir));
  const grpc = options.grpc ?? false;
  const workers = options.workers ?? false;
  const lambda = options.lambda ?? false;
  if (grpc && workers) throw new Error('--grpc and --workers do not go together: a Worker answers HTTP only. Create the app with one of them.');
  if (grpc && lambda) throw new Error('--grpc and --lambda do not go together: a Lambda function answers HTTP only. Create the app with one of them.');
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`${options.dir} exists and is not empty; choose a new folder.`);
  const version = ownVersion();
  const node = nodeTarget();
  const deps = appDependencies({ version, grpc, nodeTypes: node.types, ...(options.packages ? { packages: path.resolve(options.packages) } : {}) });

  const files: string[] = [];
  const put = (rel: string, text: string): void => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
    files.push(rel);
  };
  for (const rel of templateFiles()) {
    if (!grpc && GRPC_ONLY.test(rel)) continue;
    if (!workers && WORKERS_ONLY.test(rel)) continue;
    if (!lambda && LAMBDA_ONLY.test(rel)) continue;
    const target = RENAMED[rel] ?? rel;
    put(target, renderTemplate(fs.readFileSync(new URL(rel, TEMPLATE), 'utf8'), { name, grpc, workers, lambda }));
  }
  put('package.json', `${JSON.stringify(manifest(name, { grpc, workers, lambda }, node.engines, deps), null, 2)}\n`);
  return { dir, name, files: files.sort() };
}

function manifest(name: string, { grpc, workers, lambda }: Record<'grpc' | 'workers' | 'lambda', boolean>, engines: string, deps: ReturnType<typeof appDependencies>): object {
  // tsc copies no .proto files: the build puts them beside the compiled controllers.
  const copyProtos = `node -e "require('node:fs').cpSync('src', 'dist/src', { recursive: true, filter: (f) => !f.endsWith('.ts') })"`;
  return {
    name,
    version: '0.1.0',
    private: true,
    type: 'module',
    engines: { node: engines },
    scripts: {
      build: `framework-build src --out generated && tsc${grpc ? ` && ${copyProtos}` : ''}`,
      // One file with everything inside (the .proto files too): `node dist/bundle/main.mjs`, no node_modules.
      'build:prod': 'framework-build src --out generated && framework-build bundle src/main.ts --out dist/bundle',
      // The Worker: dist/worker/worker.mjs, which wrangler.toml names as its `main`.
      ...(workers ? { 'build:worker': 'framework-build src --out generated && framework-build bundle src/worker.ts --target workers --out dist/worker' } : {}),
      // The function: dist/lambda/lambda.mjs and the chunks it reads on demand; zip the folder, handler `lambda.handler`.
      ...(lambda ? { 'build:lambda': 'framework-build src --out generated && framework-build bundle src/lambda.ts --target lambda --split --out dist/lambda' } : {}),
      dev: 'framework-build dev src --entry src/main.ts',
      start: 'node dist/src/main.js',
      // A glob, not a folder: since Node 21 `node --test <dir>` is no test path. The shell expands
      // it on Node 20; Node 22+ also expands it itself where no shell does (Windows).
      test: 'npm run build && node --test dist/test/*.test.js',
    },
    ...deps,
    // npm 11 asks about every dependency with an install script. None is needed: esbuild (under
    // tsx) finds its binary through its platform package, protobufjs's only checks its version,
    // and @scarf/scarf (under swagger-ui-dist, for `app.serveDocs`) reports installs; that last
    // is also switched off for npm versions that run install scripts without asking.
    scarfSettings: { enabled: false },
    allowScripts: { '@scarf/scarf': false, esbuild: false, protobufjs: false },
  };
}

/** The template's files, relative posix paths, sorted. */
function templateFiles(): string[] {
  const root = fileURLToPath(new URL('.', TEMPLATE));
  const walk = (rel: string): string[] =>
    fs.readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((entry) => {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      return entry.isDirectory() ? walk(child) : [child];
    });
  return walk('').sort();
}

/** The generator's version: the framework's, since the whole framework shares one. */
function ownVersion(): string {
  return (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

/** A valid npm package name from a folder name (`My API` → `my-api`). */
function packageName(folder: string): string {
  return folder.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|-+$/g, '') || 'framework-app';
}
