import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { loadPackageDefinition, type ServiceDefinition } from '@grpc/grpc-js';
import type { Options } from '@grpc/proto-loader';
import protobuf from 'protobufjs';
import { holdsWellKnown, isBundledProto } from './bundled-protos.js';
import { packageDefinitionOf } from './proto-definitions.js';

/**
 * The package tree of a loaded `.proto`: packages and services by name, so that
 * `tree.todo.TodoService.service` reads like the schema. Loosely typed on purpose: the names come
 * from a file the type checker cannot see; a wrong name is caught by `@GrpcController` at run time.
 */
export interface ProtoTree {
  readonly [name: string]: ProtoNode;
}

/**
 * A package, a service or a message of the tree. On a service, `service` is its definition (typed
 * as a node too, only because every name of the tree must be one).
 */
export interface ProtoNode extends ProtoTree {
  readonly service: ProtoNode & ServiceDefinition;
}

/**
 * How `loadProto` decodes messages unless told otherwise: field names exactly as in the `.proto`
 * (`keepCase`), 64-bit integers as decimal strings (no precision loss), enums by name, and unset
 * fields filled with their proto3 defaults so handlers never meet `undefined` scalars.
 */
export const defaultProtoOptions: Readonly<Options> = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };

/**
 * Parses a `.proto` file at run time and returns its package tree.
 *
 * A relative path resolves against the process working directory, not against the calling
 * module, so anchor it on the module URL.
 *
 * @example
 * import { fileURLToPath } from 'node:url';
 * const proto = loadProto(fileURLToPath(new URL('./todo.proto', import.meta.url)));
 *
 * @GrpcController(proto.todo.TodoService.service)
 * export class TodoGrpcController {}
 */
export function loadProto(path: string, options: Options = {}): ProtoTree {
  const absolute = resolve(path);
  const anchorHint =
    `Relative paths resolve against the working directory (${process.cwd()}); anchor the path on your module instead: ` +
    "`loadProto(fileURLToPath(new URL('./x.proto', import.meta.url)))`.";
  if (!isBundledProto(absolute) && !existsSync(absolute)) {
    const given = isAbsolute(path) ? `'${path}'` : `'${path}' (resolved to '${absolute}')`;
    throw new Error(`loadProto: the schema file ${given} does not exist. ${isAbsolute(path) ? '' : anchorHint}`.trimEnd());
  }
  const merged = { ...defaultProtoOptions, ...options };
  let root: protobuf.Root;
  try {
    root = parsedRoot(absolute, merged);
  } catch (error) {
    throw new Error(`loadProto: cannot parse the schema file '${absolute}': ${(error as Error).message}`, { cause: error });
  }
  return loadPackageDefinition(packageDefinitionOf(root, merged)) as unknown as ProtoTree;
}

// The schema is parsed here with protobufjs rather than through @grpc/proto-loader's loadSync,
// which gives the same definitions but also loads protobufjs's descriptor schema and encodes
// every file's descriptor at once (see proto-definitions.ts): tens of milliseconds of a start.

let wellKnownAdded = false;
/** Google's well-known files that protobufjs does not bundle itself (proto-loader adds the same four). */
function addWellKnownFiles(): void {
  if (wellKnownAdded) return;
  wellKnownAdded = true;
  // A bundle holds them already (it has no node_modules to require them from).
  const missing = ['api', 'descriptor', 'source_context', 'type'].filter((name) => !holdsWellKnown(name));
  if (missing.length === 0) return;
  const require = createRequire(import.meta.url);
  for (const name of missing) {
    const json = require(`protobufjs/google/protobuf/${name}.json`) as { nested: { google: { nested: { protobuf: { nested: object } } } } };
    protobuf.common(name, json.nested.google.nested.protobuf.nested);
  }
}

/** Parses `path` and the files it imports; `includeDirs` are searched for imports before the importing file's directory. */
function parsedRoot(path: string, options: Options): protobuf.Root {
  addWellKnownFiles();
  const root = new protobuf.Root();
  const includeDirs = options.includeDirs;
  if (includeDirs !== undefined) {
    if (!Array.isArray(includeDirs)) throw new TypeError('The includeDirs option must be an array of directories.');
    const fromImporter = root.resolvePath.bind(root);
    root.resolvePath = (origin, target) => {
      if (isAbsolute(target)) return target;
      for (const directory of includeDirs) {
        const candidate = join(directory, target);
        try {
          accessSync(candidate, constants.R_OK);
          return candidate;
        } catch {
          // not in this directory
        }
      }
      return fromImporter(origin, target);
    };
  }
  const loaded = root.loadSync(path, options);
  loaded.resolveAll(); // here, so that a type no file declares is reported as the schema's fault
  return loaded;
}
