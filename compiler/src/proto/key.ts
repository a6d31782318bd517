import type { GrpcDefIR } from '../ir/index.js';
import type { ProtoReadOptions, ProtoSet } from './types.js';

/**
 * The key of a file read with given options in a {@link ProtoSet}: one file loaded by two
 * `loadProto` calls with different options is read twice.
 *
 * @example
 * protoKey('/r/src/todo.proto', {}) // '/r/src/todo.proto'
 * protoKey('/r/src/todo.proto', { keepCase: false }) // '/r/src/todo.proto?keepCase=false'
 */
export function protoKey(file: string, options: ProtoReadOptions = {}): string {
  const parts = [...(options.keepCase === false ? ['keepCase=false'] : []), ...(options.includeDirs ?? []).map((d) => `include=${d}`)];
  return parts.length > 0 ? `${file}?${parts.join('&')}` : file;
}

/**
 * The read options of a definition's `loadProto` call.
 *
 * @example
 * readOptionsOf(def) // { keepCase: false, includeDirs: ['/r/protos'] }
 */
export function readOptionsOf(def: GrpcDefIR): ProtoReadOptions {
  if (def.options === undefined || def.options === 'unreadable') return {};
  return { keepCase: def.options.keepCase, includeDirs: def.options.includeDirs.map((d) => d.dir) };
}
