import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { loadPackageDefinition, type ServiceDefinition } from '@grpc/grpc-js';
import { loadSync, type Options } from '@grpc/proto-loader';

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
  if (!existsSync(absolute)) {
    const given = isAbsolute(path) ? `'${path}'` : `'${path}' (resolved to '${absolute}')`;
    throw new Error(`loadProto: the schema file ${given} does not exist. ${isAbsolute(path) ? '' : anchorHint}`.trimEnd());
  }
  let definition;
  try {
    definition = loadSync(absolute, { ...defaultProtoOptions, ...options });
  } catch (error) {
    throw new Error(`loadProto: cannot parse the schema file '${absolute}': ${(error as Error).message}`, { cause: error });
  }
  return loadPackageDefinition(definition) as unknown as ProtoTree;
}
