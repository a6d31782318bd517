import type protobuf from 'protobufjs';
import { protobufjs } from './protobufjs.js';
import { rpcPosition } from './positions.js';
import type { ProtoInput, ProtoKind, ProtoService } from './types.js';

/** A message's field names as decoded (oneof names included: `oneofs: true` sets them). */
function fieldNames(message: protobuf.Type): string[] {
  return [...message.fieldsArray.map((f) => f.name), ...message.oneofsArray.map((o) => o.name)];
}

/**
 * The services (with their RPCs' request fields and streaming flags) and every name of a resolved
 * protobufjs root, as plain data.
 *
 * @example
 * describeRoot(root, '/r/todo.proto', inputs).services[0].rpcs[0] // { name: 'GetTodo', requestType: 'todo.GetTodoRequest', … }
 */
export function describeRoot(root: protobuf.Root, file: string, inputs: readonly ProtoInput[]): { services: ProtoService[]; kinds: Record<string, ProtoKind> } {
  const { Enum, Namespace, Service, Type } = protobufjs();
  const services: ProtoService[] = [];
  const kinds: Record<string, ProtoKind> = {};
  const textOf = (f: string): string => inputs.find((i) => i.file === f)?.text ?? '';
  const visit = (ns: protobuf.NamespaceBase): void => {
    for (const obj of ns.nestedArray) {
      const name = obj.fullName.replace(/^\./, '');
      if (obj instanceof Service) {
        kinds[name] = 'service';
        const declaredIn = obj.filename ?? file;
        const rpcs = obj.methodsArray.map((m) => {
          const request = m.resolvedRequestType;
          const response = m.resolvedResponseType;
          const position = rpcPosition(textOf(declaredIn), obj.name, m.name);
          return {
            name: m.name,
            requestType: (request?.fullName ?? m.requestType).replace(/^\./, ''),
            responseType: (m.resolvedResponseType?.fullName ?? m.responseType).replace(/^\./, ''),
            requestStream: m.requestStream === true,
            responseStream: m.responseStream === true,
            requestFields: request ? fieldNames(request) : [],
            responseFields: response ? fieldNames(response) : [],
            file: declaredIn,
            ...position,
          };
        });
        services.push({ fullName: name, rpcs });
      } else if (obj instanceof Type) {
        kinds[name] = 'message';
        visit(obj);
      } else if (obj instanceof Enum) {
        kinds[name] = 'enum';
      } else if (obj instanceof Namespace) {
        kinds[name] = 'package';
        visit(obj);
      }
    }
  };
  visit(root);
  services.sort((a, b) => (a.fullName < b.fullName ? -1 : a.fullName > b.fullName ? 1 : 0));
  return { services, kinds };
}
