import { diagnostic, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { suggest } from '../../diagnostics/suggest.js';
import type { ConfigSchemaIR, DtoMemberIR, ProgramIR, SchemaIR } from '../../ir/index.js';
import { notExported } from '../not-exported.js';
import type { ModuleGraph } from '../module-graph.js';
import { NUMBER_RULES, refusingRule } from './default-rules.js';

/**
 * FW2304-FW2307, FW2311: configuration schemas the environment cannot fill as written. FW2304: a member
 * without a validator (ConfigModule reads only the members its rules name, so its default always
 * wins); FW2305: a `config.get('KEY')` whose key no loaded schema declares (it returns undefined,
 * typed or not); FW2306: a default its own rules refuse (init stops whenever the variable is
 * unset); FW2307: a number or boolean member without a rule that converts the text (the
 * environment's value stays a string); FW2311: an `@IsOptional()` member without a default whose
 * declared type excludes undefined (`get` returns undefined where the type promises a value).
 * For a Standard Schema value (`ConfigModule.forRoot(Env)` with a Zod, Valibot or ArkType schema):
 * FW2305 against its output's keys, FW2505 when its type says it validates asynchronously.
 *
 * @example
 * checkConfigSchemas(ir, graph) // [FW2305 at 'JWT_SECRT' of config.get('JWT_SECRT'): did you mean 'JWT_SECRET'?]
 */
export function checkConfigSchemas(ir: ProgramIR, graph: ModuleGraph): Diagnostic[] {
  const loaded = new Map<string, ConfigSchemaIR>();
  const values = new Map<string, SchemaIR>();
  for (const module of graph.order) {
    for (const dynamic of module.dynamicModules) {
      if (dynamic.config) loaded.set(dynamic.config.dto.ref.key, dynamic.config);
      if (dynamic.configSchemaValue) values.set(dynamic.configSchemaValue.ref.key, dynamic.configSchemaValue);
    }
  }
  const out: Diagnostic[] = [];
  for (const schema of loaded.values()) {
    for (const member of schema.dto.members) out.push(...checkMember(schema, member));
  }
  for (const value of values.values()) {
    if (value.async) out.push(diagnostic('FW2505', value.location, { schema: value.ref.name }));
    if (!value.ref.exported) out.push(notExported(ir.srcDir, value.ref, 'application as a configuration schema'));
  }
  // A schema whose members are partly unknown (a base made by a call, an output that is not an
  // object type) cannot say what is missing.
  const sources: KeySource[] = [
    ...[...loaded.values()].map((s) => ({ key: s.dto.ref.key, name: s.dto.ref.name, keys: s.dto.members.map((m) => m.name), complete: s.dto.expressionBase === undefined })),
    ...[...values.values()].map((v) => ({ key: v.ref.key, name: v.ref.name, keys: v.outputKeys, complete: v.outputKeys.length > 0 })),
  ];
  if (sources.length === 0 || sources.some((s) => !s.complete)) return out;
  for (const read of ir.configReads ?? []) {
    const own = read.schema !== undefined ? sources.find((s) => s.key === read.schema) : undefined;
    const schemas = own ? [own] : sources;
    const keys = schemas.flatMap((s) => s.keys);
    if (keys.includes(read.key)) continue;
    const suggestion = suggest(read.key, keys);
    out.push(
      diagnostic('FW2305', read.location, {
        key: read.key,
        receiver: read.receiver,
        schemas: schemas.map((s) => s.name).join(' or '),
        schema: schemas[0]!.name,
        keys: keys.join(', '),
        ...(suggestion ? { suggestion } : {}),
      }),
    );
  }
  return out;
}

/** What a `config.get` key is checked against: a schema class's members or a Standard Schema's output keys. */
interface KeySource {
  readonly key: string;
  readonly name: string;
  readonly keys: readonly string[];
  /** Whether `keys` is every key (false for a base made by a call, or an output that is not an object type). */
  readonly complete: boolean;
}

function checkMember(schema: ConfigSchemaIR, member: DtoMemberIR): Diagnostic[] {
  const name = schema.dto.ref.name;
  const fallback = schema.defaults[member.name];
  const shown = member.name in schema.defaults ? JSON.stringify(fallback) ?? 'undefined' : 'undefined';
  if (member.validators.length === 0) {
    if (member.declaredInDeclarationFile) return [];
    return [diagnostic('FW2304', member.location, { member: member.name, schema: name, value: shown })];
  }
  const out: Diagnostic[] = [];
  if (fallback !== undefined) {
    const refusing = refusingRule(fallback, member.rules);
    // `WORKERS = '4'` under a number rule: the quotes are the mistake.
    const unquoted = typeof fallback === 'string' && fallback.trim() !== '' && Number.isFinite(Number(fallback)) && refusingRule(Number(fallback), member.rules) === undefined ? fallback.trim() : undefined;
    if (refusing) out.push(diagnostic('FW2306', member.location, { member: member.name, schema: name, value: shown, rule: `@${refusing.name}`, ...(unquoted ? { unquoted } : {}) }));
  }
  const definite = schema.definite[member.name];
  if (definite !== undefined && member.validators.includes('IsOptional')) {
    out.push(diagnostic('FW2311', member.location, { member: member.name, schema: name, type: definite }));
  }
  const kind = member.declaredType && !member.declaredType.array ? member.declaredType.base : typeof fallback;
  const names = member.rules.map((r) => r.name);
  if (kind === 'number' && !names.some((r) => NUMBER_RULES.has(r))) {
    out.push(diagnostic('FW2307', member.location, { member: member.name, schema: name, kind, rule: '@IsInt() or @IsNumber()', example: typeof fallback === 'number' ? String(fallback) : '8080' }));
  }
  if (kind === 'boolean' && !names.includes('IsBoolean')) {
    out.push(diagnostic('FW2307', member.location, { member: member.name, schema: name, kind, rule: '@IsBoolean()', example: typeof fallback === 'boolean' ? String(fallback) : 'true' }));
  }
  return out;
}
