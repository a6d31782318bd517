/** Modules: their imports (configured modules too), throttler declarations and configuration schemas. Plain data, as the rest of the IR (see `index.ts`). */

import type { DtoIR, RuleValue } from './dtos.js';
import type { SchemaIR } from './schemas.js';
import type { InjectableIR } from './providers.js';
import type { ClassUse, SourceLocation, ValueRef } from './source.js';

/** One throttler of a `ThrottlerModule.forRoot([...])` array literal. */
export interface ThrottlerDeclIR {
  /** `default` when the entry has no `name`. */
  readonly name: string;
  readonly location: SourceLocation;
}

/** A `DynamicModule<Value, Injectables>` in a module's `imports`, read from the call's return type. */
export interface DynamicModuleIR {
  /** Position in the `imports` array (the runtime reads the value from there). */
  readonly index: number;
  readonly text: string;
  readonly location: SourceLocation;
  /** The class of `value`: provided under that class as token. */
  readonly value?: ValueRef;
  /** Classes the dynamic module provides. */
  readonly injectables: readonly ClassUse[];
  /**
   * For `ThrottlerModule.forRoot(…)`: the declared throttlers, or `'dynamic'` when the first argument
   * (or a name in it) is not static, which turns the throttler-name check (FW1501) off.
   */
  readonly throttlers?: readonly ThrottlerDeclIR[] | 'dynamic';
  /** For `ConfigModule.forRoot(Schema)`: the schema the environment is read into. */
  readonly config?: ConfigSchemaIR;
  /** For `ConfigModule.forRoot(EnvSchema)` given a Standard Schema value (Zod, Valibot, ArkType…) instead of a class. */
  readonly configSchemaValue?: SchemaIR;
}

/** A configuration schema: its members and rules (read as a DTO), and the defaults the compiler can read. */
export interface ConfigSchemaIR {
  readonly dto: DtoIR;
  /** Each member's initialiser, when it is static (`PORT = 3000`). */
  readonly defaults: Readonly<Record<string, RuleValue>>;
  /** Members without an initialiser whose declared type excludes undefined (`JWT_SECRET!: string`), with that type. */
  readonly definite: Readonly<Record<string, string>>;
  /** The schema argument of `forRoot`. */
  readonly location: SourceLocation;
}

/** A `config.get('KEY')` with a literal key on a `ConfigService`. */
export interface ConfigReadIR {
  readonly key: string;
  /** The receiver as written (`this.config`), for messages. */
  readonly receiver: string;
  /** The key of the schema class of `ConfigService<Schema>`; absent when untyped. */
  readonly schema?: string;
  /** The key argument. */
  readonly location: SourceLocation;
}

export interface ModuleIR {
  readonly key: string;
  readonly ref: ValueRef;
  readonly location: SourceLocation;
  readonly nameLocation: SourceLocation;
  readonly imports: readonly ClassUse[];
  /** Configured modules in `imports` (`ThrottlerModule.forRoot(…)` returning `DynamicModule<Value, [typeof X]>`). */
  readonly dynamicModules: readonly DynamicModuleIR[];
  readonly controllers: readonly ClassUse[];
  readonly injectables: readonly InjectableIR[];
}
