import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';

/**
 * The `.proto` files a bundle carries inside itself (`framework-build bundle` writes them into its
 * first module), so that `loadProto` finds them without a file system: each is given to protobufjs
 * as a file it already holds, under the absolute path at which the bundle's modules would have
 * read it.
 */

/** What a bundle's first module leaves under {@link BUNDLED_PROTOS} before any application module runs. */
export interface BundledProtos {
  /** `import.meta.url` of the bundle: the relative paths of `files` resolve against it. */
  readonly base: string;
  /** Source text of each `.proto` file, by its path relative to `base` (`'./todo.proto'`). */
  readonly files: Readonly<Record<string, string>>;
  /** protobufjs's JSON of the well-known files it does not hold itself (`api`, `descriptor`, `source_context`, `type`). */
  readonly wellKnown: Readonly<Record<string, { readonly nested: { readonly google: { readonly nested: { readonly protobuf: { readonly nested: object } } } } }>>;
  /**
   * Packages the runtime loads with `require` on demand (`protobufjs/ext/descriptor`, for server
   * reflection), carried in the bundle: each is run on its first call, not at start.
   */
  readonly modules?: Readonly<Record<string, () => unknown>>;
}

/**
 * The global a bundle's schema files are left under: a registry symbol, as the bundle's first
 * module must not import @framework/grpc (an application without gRPC would then carry grpc-js).
 *
 * @example
 * (globalThis as Record<symbol, unknown>)[BUNDLED_PROTOS] = { base: import.meta.url, files: { './todo.proto': '…' }, wellKnown: {} };
 */
export const BUNDLED_PROTOS = Symbol.for('@framework/grpc.bundledProtos');

// protobufjs keeps the files it holds (its `google/protobuf/*` definitions) in `common`, keyed by
// file name; a source text there is parsed, with its imports, instead of read from disk.
const held = protobuf.common as unknown as Record<string, unknown>;
let bundledPaths: ReadonlySet<string> | undefined;

/** Registers the running bundle's files with protobufjs, once; the absolute paths it holds. */
function bundled(): ReadonlySet<string> {
  if (bundledPaths) return bundledPaths;
  const bundle = (globalThis as Record<symbol, BundledProtos | undefined>)[BUNDLED_PROTOS];
  const paths = new Set<string>();
  if (bundle) {
    for (const [relative, text] of Object.entries(bundle.files)) {
      const absolute = fileURLToPath(new URL(relative, bundle.base));
      held[absolute] = text;
      paths.add(absolute);
    }
    for (const [name, json] of Object.entries(bundle.wellKnown)) protobuf.common(name, json.nested.google.nested.protobuf.nested);
  }
  return (bundledPaths = paths);
}

/**
 * Whether `absolute` is a schema file of the running bundle (then it is parsed from the text the
 * bundle carries, never read from disk).
 *
 * @example
 * isBundledProto('/srv/dist/bundle/todo.proto') // true inside a bundle that carries it
 */
export function isBundledProto(absolute: string): boolean {
  return bundled().has(absolute);
}

/**
 * A package the running bundle carries for a lazy `require` (see {@link BundledProtos.modules}),
 * loaded now; `undefined` outside a bundle, or when the bundle does not carry it.
 *
 * @example
 * const extension = bundledModule('protobufjs/ext/descriptor') ?? require('protobufjs/ext/descriptor');
 */
export function bundledModule(name: string): unknown {
  return (globalThis as Record<symbol, BundledProtos | undefined>)[BUNDLED_PROTOS]?.modules?.[name]?.();
}

/** Whether Google's well-known file `name` (`'api'`) is held already, by a bundle or an earlier load. */
export function holdsWellKnown(name: string): boolean {
  bundled();
  return Object.hasOwn(held, `google/protobuf/${name}.proto`);
}
