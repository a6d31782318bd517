import type { ProgramIR } from '../ir/types.js';
import { loadProtoFile } from './load.js';
import type { ProtoFile, ProtoInput, ProtoSet } from './types.js';

/**
 * Loads, once each, the `.proto` files that the discovered `@GrpcController` definitions name.
 *
 * @example
 * const protos = loadProtos(ir); protos.get('/r/src/todo/todo.proto')?.ok // true
 */
export function loadProtos(ir: ProgramIR): ProtoSet {
  const protos = new Map<string, ProtoFile>();
  for (const cls of ir.classes.values()) {
    const def = cls.controller?.family === 'grpc' ? cls.controller.def : undefined;
    if (def && !protos.has(def.protoFile)) protos.set(def.protoFile, loadProtoFile(def.protoFile));
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
