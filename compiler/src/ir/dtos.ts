/** DTOs: members, declared types and class-validator rules. Plain data, as the rest of the IR (see `index.ts`). */

import type { JsonValue } from './api.js';
import type { SourceLocation, ValueRef } from './source.js';

export interface DtoMemberIR {
  readonly name: string;
  readonly location: SourceLocation;
  /** Names of its class-validator decorators (of every declaration the compiler can read). */
  readonly validators: readonly string[];
  /**
   * True when it (or a base class's declaration of it) is declared in a `.d.ts` file, a base class
   * from a package: declaration files drop decorators, so its validators cannot be read, but the
   * package's JavaScript applies them at run time. The "member without a validator" check (FW1201)
   * skips it rather than report validators it cannot see.
   */
  readonly declaredInDeclarationFile?: true;
  readonly nested?: { readonly dto: DtoIR; readonly each: boolean };
  /** The class-validator decorators with their arguments, in source order (base class first). */
  readonly rules: readonly ValidatorRuleIR[];
  /**
   * How many classes up the lineage it is first declared (1: the base class, 2: the base's base…);
   * absent for the class's own. class-validator lists a class's own members before inherited ones.
   */
  readonly inherited?: number;
  /** Declared by more than one class of the lineage (class-validator then merges their rules its own way). */
  readonly redeclared?: true;
  /** The declared type when it is a primitive or an array of one, for type-aware rule checks (FW1702). */
  readonly declaredType?: DeclaredTypeIR;
  /** Its JSDoc text (the OpenAPI document's description of the property). */
  readonly doc?: string;
  /**
   * Set when it has an initialiser (`limit = 20`): the runtime makes the instance with `new Dto()`
   * before it copies the request's members, so a request may leave this one out. `value`: the
   * initialiser's value when it is a JSON literal (the OpenAPI `default`). An initialiser of
   * `undefined` or `null` gives no default and is not recorded.
   */
  readonly initialiser?: { readonly value?: JsonValue };
}

/** `string`, `number`, `boolean`, or an array of one (`string[]`). */
export interface DeclaredTypeIR {
  readonly base: 'string' | 'number' | 'boolean';
  readonly array: boolean;
  /** As written, for messages (`number`, `string[]`). */
  readonly text: string;
}

/** One class-validator decorator on a DTO member: `@Min(1, { each: true })`. */
export interface ValidatorRuleIR {
  /** The exported name of the decorator (`Min`, also when imported under an alias). */
  readonly name: string;
  /** The decorator, where validation diagnostics point. */
  readonly location: SourceLocation;
  readonly args: readonly RuleArgIR[];
}

/** A value known at build time (what `evaluate` in discover reads). */
export type RuleValue = string | number | boolean | null | undefined | readonly RuleValue[] | { readonly [key: string]: RuleValue };

/**
 * An argument of a validator decorator as the compiler can use it: a static value, a regular
 * expression literal, an arrow function whose body names only its parameters (`@ValidateIf`), or
 * something only known at run time.
 */
export type RuleArgIR =
  | { readonly kind: 'value'; readonly value: RuleValue }
  | { readonly kind: 'regexp'; readonly text: string }
  | { readonly kind: 'arrow'; readonly text: string }
  /** An enum, by reference (`@IsEnum(Status)`): the generated file imports it. */
  | { readonly kind: 'enum'; readonly ref: ValueRef; readonly text: string; readonly values?: readonly (string | number)[] }
  | { readonly kind: 'dynamic'; readonly text: string };

export interface DtoIR {
  readonly ref: ValueRef;
  readonly location: SourceLocation;
  readonly members: readonly DtoMemberIR[];
  /** A base class of its lineage is a call (`extends PartialType(NoteDto)`): what it adds is only known at run time. */
  readonly expressionBase?: string;
  /** Its JSDoc text (the OpenAPI document's description of the schema). */
  readonly doc?: string;
}
