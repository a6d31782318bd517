/** Everything `discover` found: the program IR. Plain data, as the rest of the IR (see `index.ts`). */

import type { AppInterceptorIR } from './chain.js';
import type { ConfigReadIR, ConfigSchemaIR, ModuleIR } from './modules.js';
import type { ClassIR } from './providers.js';
import type { SourceLocation } from './source.js';

/** Everything `discover` found. */
export interface ProgramIR {
  readonly srcDir: string;
  readonly modules: readonly ModuleIR[];
  /** Every class that may become a provider, by `ValueRef.key`. */
  readonly classes: ReadonlyMap<string, ClassIR>;
  /** Classes declared under srcDir carrying `@Controller` or `@Injectable` (for reachability). */
  readonly declared: readonly string[];
  /** The interceptors given to `app.useGlobalInterceptors(…)` anywhere in the sources. */
  readonly appInterceptors?: readonly AppInterceptorIR[];
  /** Every `config.get('KEY')` with a literal key on a `ConfigService` in the sources. */
  readonly configReads?: readonly ConfigReadIR[];
  /** Every schema class given to `loadConfig(Schema)` in the sources (compiled with those of `ConfigModule.forRoot`). */
  readonly configLoads?: readonly ConfigSchemaIR[];
  /** The `versioning` option of each application constructed in the sources (FW2603, URI prefixes in the OpenAPI document). */
  readonly versioning?: readonly VersioningIR[];
  /** Every `app.serveStatic(…)` whose prefix is a literal (FW2313 checks no route lies under it). */
  readonly staticMounts?: readonly StaticMountIR[];
}

/**
 * One application's `versioning` option as far as it is static: `unknown` when its options are not
 * an object literal; `enabled` whether it sets `versioning`; its `type` and URI `prefix` when literal.
 */
export interface VersioningIR {
  readonly unknown?: true;
  readonly enabled?: boolean;
  readonly type?: string;
  readonly prefix?: string;
  readonly header?: string;
  readonly key?: string;
  readonly defaultVersion?: string;
}

/** An `app.serveStatic('<literal prefix>', …)` call in the sources. */
export interface StaticMountIR {
  /** The prefix, normalised as the runtime does: one leading slash, no trailing one (`/` stays `/`). */
  readonly prefix: string;
  /** The prefix argument. */
  readonly location: SourceLocation;
}
