import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { relativeFile } from '../diagnostics/location.js';
import type { ValueRef } from '../ir/index.js';

/**
 * FW1007 for a declaration the generated tables must import but cannot, at its name; `use` says
 * what the tables need it for. The hint depends on why: a namespace member must move out of its
 * namespace, anything else only needs `export`.
 *
 * @example
 * notExported(ir.srcDir, cls.ref, 'application as a provider') // FW1007 "Hidden is used by the application as a provider but is not exported …"
 */
export function notExported(srcDir: string, ref: ValueRef, use: string): Diagnostic {
  const file = relativeFile(srcDir, ref.location.file);
  return diagnostic('FW1007', ref.location, { name: ref.name, use, file, ...(ref.namespace ? { namespace: ref.namespace } : {}) });
}
