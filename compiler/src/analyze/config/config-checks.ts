import { diagnostic, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { suggest } from '../../diagnostics/suggest.js';
import type { ConfigSchemaIR, DtoMemberIR, ProgramIR } from '../../ir/index.js';
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
 *
 * @example
 * checkConfigSchemas(ir, graph) // [FW2305 at 'JWT_SECRT' of config.get('JWT_SECRT'): did you mean 'JWT_SECRET'?]
 */
export function checkConfigSchemas(ir: ProgramIR, graph: ModuleGraph): Diagnostic[] {
  const loaded = new Map<string, ConfigSchemaIR>();
  for (const module of graph.order) {
    for (const dynamic of module.dynamicModules) if (dynamic.config) loaded.set(dynamic.config.dto.ref.key, dynamic.config);
  }
  const out: Diagnostic[] = [];
  for (const schema of loaded.values()) {
    for (const member of schema.dto.members) out.push(...checkMember(schema, member));
  }
  // A schema whose members are partly unknown (a base made by a call) cannot say what is missing.
  if (loaded.size === 0 || [...loaded.values()].some((s) => s.dto.expressionBase !== undefined)) return out;
  for (const read of ir.configReads ?? []) {
    const own = read.schema !== undefined ? loaded.get(read.schema) : undefined;
    const schemas = own ? [own] : [...loaded.values()];
    const keys = schemas.flatMap((s) => s.dto.members.map((m) => m.name));
    if (keys.includes(read.key)) continue;
    const suggestion = suggest(read.key, keys);
    out.push(
      diagnostic('FW2305', read.location, {
        key: read.key,
        receiver: read.receiver,
        schemas: schemas.map((s) => s.dto.ref.name).join(' or '),
        schema: schemas[0]!.dto.ref.name,
        keys: keys.join(', '),
        ...(suggestion ? { suggestion } : {}),
      }),
    );
  }
  return out;
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
