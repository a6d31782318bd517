import type { JsonSchema, JsonValue } from '../../ir/api.js';

/**
 * The document's `components.schemas`, filled as operations are written. A name is given once per
 * identity (a DTO class, or a result type with the same schema); a second type with the same name
 * and another schema gets `Name2`, and the `$ref`s of what it came with are rewritten to match.
 *
 * @example
 * const components = new Components();
 * components.define('CreateTodoDto', 'dto:…/todo.dto.ts#CreateTodoDto', () => schema) // { $ref: '#/components/schemas/CreateTodoDto' }
 */
export class Components {
  private readonly schemas = new Map<string, JsonSchema>();
  private readonly byIdentity = new Map<string, string>();

  /** `make` is given the component's name, for a schema that refers to itself. */
  define(name: string, identity: string, make: (self: string) => JsonSchema): JsonSchema {
    const known = this.byIdentity.get(identity);
    if (known) return ref(known);
    const unique = this.freeName(name);
    this.byIdentity.set(identity, unique);
    this.schemas.set(unique, {});
    this.schemas.set(unique, make(unique));
    return ref(unique);
  }

  /**
   * Adds the named types of a result schema; returns the schema with its `$ref`s renamed where a
   * name was taken by another schema.
   */
  addNamed(schema: JsonSchema, named: Readonly<Record<string, JsonSchema>>): JsonSchema {
    const renames = new Map<string, string>();
    const fresh: [string, JsonSchema][] = [];
    for (const [name, body] of Object.entries(named)) {
      // Identity includes the schema: the same name with the same members is one component.
      const identity = `type:${name}:${JSON.stringify(body)}`;
      let unique = this.byIdentity.get(identity);
      if (unique === undefined) {
        unique = this.freeName(name);
        this.byIdentity.set(identity, unique);
        this.schemas.set(unique, {});
        fresh.push([unique, body]);
      }
      if (unique !== name) renames.set(name, unique);
    }
    for (const [unique, body] of fresh) this.schemas.set(unique, renameRefs(body, renames) as JsonSchema);
    return renameRefs(schema, renames) as JsonSchema;
  }

  /** The schemas, sorted by name. */
  toJSON(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.schemas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  private freeName(name: string): string {
    const base = name.replace(/[^A-Za-z0-9._-]/g, '_');
    let unique = base;
    for (let n = 2; this.schemas.has(unique) || [...this.byIdentity.values()].includes(unique); n++) unique = `${base}${n}`;
    return unique;
  }
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

function renameRefs(value: JsonValue, renames: ReadonlyMap<string, string>): JsonValue {
  if (renames.size === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, renames));
  const out: Record<string, JsonValue> = {};
  for (const [key, v] of Object.entries(value)) {
    const match = key === '$ref' && typeof v === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(v) : null;
    out[key] = match && renames.has(match[1]!) ? `#/components/schemas/${renames.get(match[1]!)}` : renameRefs(v, renames);
  }
  return out;
}
