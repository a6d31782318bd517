import type { ImportSource, ValueRef } from '../ir/types.js';
import { importSpecifier } from '../project/paths.js';

const CORE = '@framework/core';

/** Names the generated file declares or uses itself; user exports with these names get an alias. */
const RESERVED = new Set(['tables', 'a', 'c', 'd']);

interface Entry {
  readonly specifier: string;
  readonly exportName: string;
  readonly preferred: string;
  readonly type: boolean;
  local?: string;
}

/**
 * Collects the imports of a generated file. Code asks for a name with {@link Imports.value} while it
 * is being generated and gets a placeholder; {@link Imports.finish} assigns local names (aliasing
 * clashes deterministically, by specifier then export name) and renders the import lines.
 *
 * @example
 * const imports = new Imports('/r/generated/todo');
 * const body = `rootModule: ${imports.value(appModuleRef)},`;
 * const { header, resolve } = imports.finish(); header + resolve(body);
 */
export class Imports {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly outDir: string) {}

  /** A placeholder for the local name of a user's (or package's) exported value. */
  value(ref: ValueRef): string {
    return this.add(this.specifierOf(ref.from), ref.exportName, ref.name, false);
  }

  /** A placeholder for a user's (or package's) exported type, imported with `type` unless also used as a value. */
  type(ref: ValueRef): string {
    return this.add(this.specifierOf(ref.from), ref.exportName, ref.name, true);
  }

  /** A placeholder for a value exported by `@framework/core` (`TABLES_VERSION`). */
  core(name: string): string {
    return this.add(CORE, name, name, false);
  }

  /** A placeholder for a type exported by `@framework/core` (`ApplicationTables`). */
  coreType(name: string): string {
    return this.add(CORE, name, name, true);
  }

  private specifierOf(from: ImportSource): string {
    return from.kind === 'package' ? from.specifier : importSpecifier(this.outDir, from.file);
  }

  private add(specifier: string, exportName: string, preferred: string, type: boolean): string {
    const id = `${specifier}\u0001${exportName}`;
    const existing = this.entries.get(id);
    if (existing) {
      // A name imported both as a type and as a value is a value import.
      if (existing.type && !type) this.entries.set(id, { ...existing, type: false });
    } else {
      this.entries.set(id, { specifier, exportName, preferred, type });
    }
    return `\u0000${id}\u0000`;
  }

  /** Assigns local names and renders the import block; `resolve` replaces placeholders in code. */
  finish(): { header: string; resolve: (code: string) => string } {
    const all = [...this.entries.entries()].sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
    const taken = new Set(RESERVED);
    // Framework names first, so they keep their own names and user classes get the alias.
    for (const [, entry] of all) {
      let local = entry.preferred;
      for (let n = 2; taken.has(local); n++) local = `${entry.preferred}_${n}`;
      taken.add(local);
      entry.local = local;
    }
    const bySpecifier = new Map<string, Entry[]>();
    for (const [, entry] of all) bySpecifier.set(entry.specifier, [...(bySpecifier.get(entry.specifier) ?? []), entry]);
    const lines = [...bySpecifier.entries()].map(([specifier, entries]) => importLine(specifier, entries));
    const locals = new Map(all.map(([id, entry]) => [id, entry.local ?? entry.preferred]));
    return {
      header: lines.join('\n'),
      resolve: (code) => code.replace(/\u0000([^\u0000]*)\u0000/g, (_m, id: string) => locals.get(id) ?? id),
    };
  }
}

/** The core package sorts before everything else; then by specifier. */
const rank = (id: string): number => (id.startsWith(`${CORE}\u0001`) ? 0 : 1);

function importLine(specifier: string, entries: readonly Entry[]): string {
  const named = (e: Entry): string => {
    const alias = e.local !== e.exportName ? `${e.exportName} as ${e.local}` : e.exportName;
    return e.type ? `type ${alias}` : alias;
  };
  const byName = (a: Entry, b: Entry): number => (a.exportName < b.exportName ? -1 : a.exportName > b.exportName ? 1 : 0);
  const defaults = entries.filter((e) => e.exportName === 'default');
  const values = entries.filter((e) => e.exportName !== 'default' && !e.type).sort(byName);
  const types = entries.filter((e) => e.exportName !== 'default' && e.type).sort(byName);
  if (defaults.length === 0 && values.length === 0) {
    // Only types: `import type { A, B }` reads better than `import { type A, type B }`.
    return `import type { ${types.map((e) => (e.local !== e.exportName ? `${e.exportName} as ${e.local}` : e.exportName)).join(', ')} } from '${specifier}';`;
  }
  const braces = [...values, ...types].map(named);
  const parts = [...defaults.map((e) => e.local ?? e.preferred), ...(braces.length > 0 ? [`{ ${braces.join(', ')} }`] : [])];
  return `import ${parts.join(', ')} from '${specifier}';`;
}
