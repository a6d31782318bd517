/**
 * `@framework/compiler`: the programmatic API of `framework-build`.
 *
 * @example
 * import { build, formatDiagnostic } from '@framework/compiler';
 * const result = await build({ srcDir: 'examples/todo/src', outDir: 'generated/todo' });
 * for (const d of result.diagnostics) console.log(formatDiagnostic(d, process.cwd(), () => undefined));
 * if (result.ok) writeFiles(result.files);
 */
export { build, createBuilder } from './builder/builder.js';
export type { BuildOptions, BuildResult, Builder } from './builder/build-options.js';
export { settleOutput, staleFiles, writeFiles, type OutputFile, type OutputOutcome, type StaleFile } from './builder/output.js';
export { watchSources } from './builder/watch.js';
export { catalogue, type DiagnosticCode, type Severity } from './diagnostics/catalogue.js';
export type { Diagnostic } from './diagnostics/diagnostic.js';
export { formatDiagnostic, summary, toJson, type JsonDiagnostic, type SourceReader } from './diagnostics/format.js';
export { discover } from './discover/discover.js';
export { analyze, type AnalyzeOptions } from './analyze/analyze.js';
export { explainScope, formatScope, type ScopeExplanation } from './cli/explain.js';
export { loadProtoFile } from './proto/load.js';
export { loadProtos } from './proto/set.js';
export { protoKey } from './proto/key.js';
export type { ProtoFile, ProtoReadOptions, ProtoRpc, ProtoService, ProtoSet } from './proto/types.js';
export { emitTables } from './emit/tables.js';
export type * from './ir/index.js';
export type { AppModel, GrpcMethodModel, GrpcServiceModel, ProviderModel, RouteModel } from './analyze/model.js';
