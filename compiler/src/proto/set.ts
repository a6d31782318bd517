import type { ProgramIR } from '../ir/index.js';
import { protoKey, readOptionsOf } from './key.js';
import { loadProtoFile } from './load.js';
import type { ProtoFile, ProtoInput, ProtoSet } from './types.js';

/**
 * Loads, once each (per file and read options), the `.proto` files that the discovered
 * `@GrpcController` definitions name.
 *
 * @example
 * const protos = loadProtos(ir); protos.get('/r/src/todo/todo.proto')?.ok // true
 */
export function loadProtos(ir: ProgramIR): ProtoSet {
  const protos = new Map<string, ProtoFile>();
  for (const cls of ir.classes.values()) {
    const def = cls.controller?.family === 'grpc' ? cls.controller.def : undefined;
    // Unreadable options (FW1415): the file cannot be read as the runtime will, so it is not read.
    if (!def || def.options === 'unreadable') continue;
    const options = readOptionsOf(def);
    const key = protoKey(def.protoFile, options);
    if (!protos.has(key)) protos.set(key, loadProtoFile(def.protoFile, options));
  }
  return protos;
}

/** Every file read to load the set (imports included), once, for the manifest. */
export function protoInputs(protos: ProtoSet): ProtoInput[] {
  const byFile = new Map<string, ProtoInput>();
  for (const proto of protos.values()) {
    if (proto.ok) for (const input of proto.inputs) byFile.set(input.file, input);
  }
  return [...byFile.values()];
}
