/**
 * Module-level constants of the generated file, built once when the tables are imported rather than
 * per call: parameter converters of enums and literal unions, pipe instances, pipe metadata, query
 * readers. Equal declarations share one constant; names follow emission order (deterministic).
 *
 * @example
 * const hoisted = new Hoisted();
 * hoisted.declare('oneOf', "oneOf(['asc', 'desc'] as const)") // '$oneOf0'
 * hoisted.render() // "const $oneOf0 = oneOf(['asc', 'desc'] as const);\n"
 */
export class Hoisted {
  private readonly lines: string[] = [];
  private readonly names = new Map<string, string>();

  /** The name of a constant initialised with `text` (typed `type` when given). */
  declare(prefix: string, text: string, type?: string): string {
    const id = `${type ?? ''}\u0001${text}`;
    const known = this.names.get(id);
    if (known) return known;
    const name = `$${prefix}${this.names.size}`;
    this.names.set(id, name);
    this.lines.push(`const ${name}${type ? `: ${type}` : ''} = ${text};`);
    return name;
  }

  /** The declarations, one a line, followed by a blank line; empty when there are none. */
  render(): string {
    return this.lines.length > 0 ? `${this.lines.join('\n')}\n\n` : '';
  }
}
