import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { relativeFile } from '../diagnostics/location.js';
import { suggest } from '../diagnostics/suggest.js';
import type { GrpcDefIR } from '../ir/index.js';
import { protoKey, readOptionsOf } from '../proto/key.js';
import type { ProtoFile, ProtoService, ProtoSet } from '../proto/types.js';

/**
 * The `.proto` service a `@GrpcController` definition names, or the diagnostics saying why there
 * is none: FW1402 (file missing), FW1403 (file broken), FW1404 (no such package or service).
 * FW1410 warns when the path, or an `includeDirs` entry, depends on the working directory. The file
 * is looked up with the read options of its `loadProto` call (`proto/key.ts`).
 *
 * @example
 * serviceOfDef(srcDir, def, protos).service?.fullName // 'todo.TodoService'
 */
export function serviceOfDef(srcDir: string, def: GrpcDefIR, protos: ProtoSet): { service?: ProtoService; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const file = relativeFile(srcDir, def.protoFile);
  if (def.cwdRelative !== undefined) diagnostics.push(diagnostic('FW1410', def.loadLocation, { path: def.cwdRelative, file }));
  if (def.options !== undefined && def.options !== 'unreadable') {
    for (const dir of def.options.includeDirs) {
      if (dir.cwdRelative !== undefined) diagnostics.push(diagnostic('FW1410', dir.location, { what: 'include directory', path: dir.cwdRelative, file: relativeFile(srcDir, dir.dir) }));
    }
  }
  const proto = protos.get(protoKey(def.protoFile, readOptionsOf(def)));
  if (!proto || (!proto.ok && proto.problem === 'missing')) {
    // A URL's `.pathname` keeps `%20` for a space; the runtime does not decode it either.
    const encoded = /%[0-9A-Fa-f]{2}/.test(def.protoFile);
    diagnostics.push(diagnostic('FW1402', def.loadLocation, { file, ...(encoded ? { encoded: 'yes' } : {}) }));
    return { diagnostics };
  }
  if (!proto.ok) {
    const at = proto.line > 0 ? `${relativeFile(srcDir, proto.errorFile)}:${proto.line}:${proto.column}` : relativeFile(srcDir, proto.errorFile);
    diagnostics.push(diagnostic('FW1403', def.loadLocation, { file, at, error: proto.message }));
    return { diagnostics };
  }
  const found = lookup(proto, def.members);
  if ('service' in found) return { service: found.service, diagnostics };
  diagnostics.push(diagnostic('FW1404', def.location, { text: def.text, file, problem: found.problem, fix: found.fix }));
  return { diagnostics };
}

type Lookup = { readonly service: ProtoService } | { readonly problem: string; readonly fix: string };

function lookup(proto: Extract<ProtoFile, { ok: true }>, members: readonly string[]): Lookup {
  const names = proto.services.map((s) => s.fullName);
  const list = names.length > 0 ? names.join(', ') : 'none';
  const shape = (name: string): string => `\`<tree>.${name}.service\``;
  const fixFor = (wanted: string): string => {
    const guess = suggest(wanted, names) ?? suggest(wanted.split('.').at(-1) ?? wanted, names.map((n) => n.split('.').at(-1) ?? n));
    const full = guess === undefined ? undefined : names.find((n) => n === guess || n.endsWith(`.${guess}`));
    if (full) return `did you mean ${full}? Write ${shape(full)}.`;
    return names.length > 0 ? `name one of the services (${list}) as ${shape(names[0]!)}.` : 'declare a service in the .proto, or load the file that declares it.';
  };
  if (members.length === 0) return { problem: 'it is the whole package tree', fix: fixFor('') };
  const last = members.at(-1)!;
  if (last !== 'service') {
    const whole = members.join('.');
    if (proto.kinds[whole] === 'service') {
      return { problem: `it is the client constructor of ${whole}, not its service definition`, fix: `add \`.service\`: ${shape(whole)}.` };
    }
    return { problem: `a definition is read from \`.service\`, but this ends with \`.${last}\``, fix: fixFor(whole) };
  }
  const path = members.slice(0, -1);
  const name = path.join('.');
  const service = proto.services.find((s) => s.fullName === name);
  if (service) return { service };
  const kind = proto.kinds[name];
  if (kind) return { problem: `'${name}' is ${kind === 'enum' ? 'an enum' : `a ${kind}`}, not a service (services: ${list})`, fix: fixFor(name) };
  // The longest prefix that is a package tells whether the package or the service is wrong.
  let depth = path.length - 1;
  while (depth > 0 && proto.kinds[path.slice(0, depth).join('.')] !== 'package') depth--;
  const pkg = path.slice(0, depth).join('.');
  const missing = path[depth]!;
  const inPkg = names
    .filter((n) => (pkg ? n.startsWith(`${pkg}.`) && !n.slice(pkg.length + 1).includes('.') : !n.includes('.')))
    .map((n) => (pkg ? n.slice(pkg.length + 1) : n));
  const problem =
    depth === path.length - 1
      ? `${pkg ? `package '${pkg}'` : 'the file (outside any package)'} has no service '${missing}' (${pkg ? 'its' : 'top-level'} services: ${inPkg.join(', ') || 'none'})`
      : `there is no package '${[pkg, missing].filter(Boolean).join('.')}' (services: ${list})`;
  return { problem, fix: fixFor(name) };
}
