/** Where things are: positions in the user's files and the values generated code imports. Plain data, as the rest of the IR (see `index.ts`). */

/** A position in a user's file: absolute posix path, 1-based line and column, and the span length. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Characters underlined in the code frame (on the first line only). */
  readonly length: number;
}

/** Where generated code imports a value from. */
export type ImportSource =
  | { readonly kind: 'file'; readonly file: string }
  | { readonly kind: 'package'; readonly specifier: string };

/** A value (class, const, function) the generated tables import. */
export interface ValueRef {
  /** Identity across the whole program: declaring file + declared name. */
  readonly key: string;
  /** The declared name (`TodoService`), used for messages and as the preferred local name. */
  readonly name: string;
  /** The exported name to import (`default` for a default export). */
  readonly exportName: string;
  readonly from: ImportSource;
  /** False when the declaration is not exported, so generated code cannot import it (FW1007). */
  readonly exported: boolean;
  /**
   * The namespace it is a member of (`Services` for `export namespace Services { export class Mailer {} }`,
   * `A.B` when nested). Reached as `Services.Mailer`, no import names it (unless a package's typings
   * export it by name), so FW1007's hint says to move it out of the namespace.
   */
  readonly namespace?: string;
  /** Where it is declared (start of the name), for diagnostics about the declaration itself. */
  readonly location: SourceLocation;
  /**
   * True for a class with a type parameter that has no default (`class CrudController<T>`):
   * generated code names its instance type `InstanceType<typeof CrudController>`, because the
   * bare name needs type arguments there (TS2314).
   */
  readonly generic?: true;
}

/** A class listed somewhere, with where it was listed. */
export interface ClassUse {
  readonly key: string;
  readonly location: SourceLocation;
}
