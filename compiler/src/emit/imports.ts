import type { ImportSource, ValueRef } from '../ir/index.js';
import { importSpecifier } from '../files/file-paths.js';
import { quote } from './literals.js';

const CORE = '@framework/core';

/**
 * Names an import must not take: what the generated file declares or uses itself (`tables`, the
 * closure parameters `c`, `a`, `p`, the global types and values its casts name), and the words a binding cannot
 * be (reserved words of strict module code). User exports with these names get an alias.
 */
const RESERVED: ReadonlySet<string> = new Set([
  'tables', 'a', 'c', 'd', 'p', 'value', 'path', 'reasons', '$o', '$v', '$i', '$x', 'undefined', 'Parameters', 'ConstructorParameters', 'InstanceType',
  'arguments', 'eval', 'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default',
  'delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if',
  'implements', 'import', 'in', 'instanceof', 'interface', 'let', 'new', 'null', 'package', 'private',
  'protected', 'public', 'return', 'static', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof',
  'var', 'void', 'while', 'with', 'yield',
]);

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
    const specifier = this.specifierOf(ref.from);
    return this.add(specifier, ref.exportName, preferredLocal(ref.name, specifier), false);
  }

  /** A placeholder for a user's (or package's) exported type, imported with `type` unless also used as a value. */
  type(ref: ValueRef): string {
    const specifier = this.specifierOf(ref.from);
    return this.add(specifier, ref.exportName, preferredLocal(ref.name, specifier), true);
  }

  /** A placeholder for a value exported by `@framework/core` (`TABLES_VERSION`). */
  core(name: string): string {
    return this.add(CORE, name, name, false);
  }

  /** A placeholder for a type exported by `@framework/core` (`ApplicationTables`). */
  coreType(name: string): string {
    return this.add(CORE, name, name, true);
  }

  /**
   * A placeholder for what `@framework/core/validation` exports (the checks compiled validators
   * call), or one of its subpaths (`codes`, `text`, `phone`: the rarer formats' checks).
   */
  validation(name: string, subpath?: string): string {
    return this.add(`${CORE}/validation${subpath ? `/${subpath}` : ''}`, name, name, /^[A-Z]/.test(name));
  }

  /** A placeholder for a value exported by `@framework/core/config` (`compiledConfigSchema`). */
  config(name: string): string {
    return this.add(`${CORE}/config`, name, name, false);
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
const rank = (id: string): number => (id.startsWith(`${CORE}\u0001`) || id.startsWith(`${CORE}/`) ? 0 : 1);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The local name to try first: the declared name, or for an anonymous default export (named
 * `default`) one made from the module's file name, so that `import default from` is never written.
 *
 * @example
 * preferredLocal('default', '../src/todo/todo.controller.js') // 'TodoController'
 */
function preferredLocal(name: string, specifier: string): string {
  if (IDENTIFIER.test(name) && name !== 'default') return name;
  const base = specifier.slice(specifier.lastIndexOf('/') + 1).replace(/\.[cm]?js$/, '');
  const words = base.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
  const made = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return IDENTIFIER.test(made) ? made : `Default${made}`;
}

/**
 * One import line. A default export is imported by name (`{ default as TodoController }`), which
 * also works type-only and next to named imports.
 */
function importLine(specifier: string, entries: readonly Entry[]): string {
  const alias = (e: Entry): string => (e.local !== e.exportName ? `${e.exportName} as ${e.local}` : e.exportName);
  const byName = (a: Entry, b: Entry): number => (a.exportName < b.exportName ? -1 : a.exportName > b.exportName ? 1 : 0);
  const values = entries.filter((e) => !e.type).sort(byName);
  const types = entries.filter((e) => e.type).sort(byName);
  // Only types: `import type { A, B }` reads better than `import { type A, type B }`.
  if (values.length === 0) return `import type { ${types.map(alias).join(', ')} } from ${quote(specifier)};`;
  return `import { ${[...values.map(alias), ...types.map((e) => `type ${alias(e)}`)].join(', ')} } from ${quote(specifier)};`;
}
