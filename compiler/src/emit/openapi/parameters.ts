import { planOf, type ValidationPlans } from '../../analyze/validation/validation-plans.js';
import type { RouteModel } from '../../analyze/model.js';
import type { JsonSchema } from '../../ir/api.js';
import type { ConversionIR, ParamIR } from '../../ir/index.js';
import type { Components } from './components.js';
import { defaultOf, isRequired, memberSchema, merge } from './dto-schema.js';
import { pathParamNames } from './operations.js';
import type { SchemaDocuments } from '../../schemas/json-schemas.js';
import { schemaQueryParameters } from './schema-components.js';
import { capped, joinedStyle, MAX_QUERY_VALUES, REPEATED, SEPARATOR_EXTENSION, separatorOf } from './query-arrays.js';

/** One OpenAPI parameter object. */
export interface ParameterObject {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly schema: JsonSchema;
  readonly description?: string;
  /** An array query parameter: its key repeated, once per value (`?tag=a&tag=b`), or its items joined in one value (`explode: false`, `?ids=1,2`). */
  readonly style?: 'form';
  readonly explode?: boolean;
  /** The separator of a joined array other than a comma (`joinedStyle`). */
  readonly [SEPARATOR_EXTENSION]?: string;
}

/**
 * The path, query and header parameters of a route, each with the schema of the conversion the
 * handler's declared type makes (`id: number` → `number`; a `ParseIntPipe` → `integer`); the
 * members of a `@Query()` class with their conversions and rules (one with an initialiser,
 * `limit = 20`, not required, its literal the `default`). Path parameters the handler does
 * not read are still listed (as strings): the path names them. A `@Query({ schema })` object's
 * parameters come from its schema's JSON Schema (`documents`).
 *
 * @example
 * parametersOf(components, model.validation, findOneRoute) // [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]
 */
export function parametersOf(components: Components, plans: ValidationPlans, route: RouteModel, documents: SchemaDocuments = new Map()): ParameterObject[] {
  const out: ParameterObject[] = [];
  const read = new Map(route.params.filter((p) => p.source.kind === 'param').map((p) => [(p.source as { name: string }).name, p]));
  for (const name of pathParamNames(route)) {
    const param = read.get(name);
    out.push({ name, in: 'path', required: true, schema: param ? paramSchema(param) : { type: 'string' } });
  }
  for (const param of route.params) {
    const source = param.source;
    if (source.kind === 'query' && source.name !== undefined) {
      // `ParseArrayPipe` cuts each value at its separator: the document says so, and the client joins the items with it.
      const separator = separatorOf(param);
      const repeated = param.pipesTakeEvery === true || (param.conversion?.kind === 'array' && !param.pipes?.length);
      const style = separator !== undefined ? joinedStyle(source.name, separator) : repeated ? REPEATED : {};
      out.push({ name: source.name, in: 'query', required: !param.optional, schema: paramSchema(param), ...style });
    } else if (source.kind === 'query' && param.schema) {
      out.push(...schemaQueryParameters(documents, param.schema));
    } else if (source.kind === 'query' && param.dto) {
      out.push(...queryDtoParameters(components, plans, param));
    } else if (source.kind === 'header' && source.name !== undefined) {
      out.push({ name: source.name, in: 'header', required: !param.optional, schema: { type: 'string' } });
    } else if (source.kind === 'cookie') {
      out.push({ name: source.name, in: 'cookie', required: !param.optional, schema: paramSchema(param), ...(source.signed ? { description: 'Signed by the server (`context.setSignedCookie`); a forged one reads as absent.' } : {}) });
    }
  }
  return out;
}

function queryDtoParameters(components: Components, plans: ValidationPlans, param: ParamIR): ParameterObject[] {
  const plan = planOf(plans, param.dto!);
  if (plan.kind === 'fallback') return [];
  return plan.members.map((member) => {
    const conversion = param.queryMembers?.find((m) => m.name === member.name)?.conversion ?? { kind: 'string' };
    // An array member's `each` rules describe its items, beside the items' conversion.
    const schema =
      conversion.kind === 'array'
        ? capped(memberSchema(components, plans, member, conversionSchema(conversion.item)))
        : merge([conversionSchema(conversion), memberSchema(components, plans, member)].filter((s) => Object.keys(s).length > 0));
    const declared = param.dto!.members.find((m) => m.name === member.name);
    const described = { ...schema, ...defaultOf(declared) };
    return { name: member.name, in: 'query' as const, required: isRequired(member, declared), schema: described, ...(declared?.doc ? { description: declared.doc } : {}), ...(conversion.kind === 'array' ? REPEATED : {}) };
  });
}

/** Whether reading the parameters can answer 400: a required one may be missing, or a value may not convert. */
export function parametersCanFail(route: RouteModel): boolean {
  return route.params.some((p) => {
    const source = p.source;
    if (source.kind === 'query' && source.name === undefined) return p.dto !== undefined || p.schema !== undefined;
    if (source.kind !== 'param' && source.kind !== 'query' && source.kind !== 'cookie' && !(source.kind === 'header' && source.name)) return false;
    if (p.pipes && p.pipes.length > 0) return true;
    if (source.kind !== 'param' && !p.optional) return true;
    return p.conversion !== undefined && p.conversion.kind !== 'string';
  });
}

function paramSchema(param: ParamIR): JsonSchema {
  const pipe = param.pipes?.[0];
  // Pipes given every value (`ParseArrayPipe`) end in the declared array (FW2308 otherwise), so its items describe them.
  if (pipe && param.pipesTakeEvery) return conversionSchema(param.conversion?.kind === 'array' ? param.conversion : { kind: 'array', item: { kind: 'string' } });
  if (pipe) {
    if (pipe.ref.name === 'ParseIntPipe') {
      const options = pipe.kind === 'instance' && pipe.args[0] ? (JSON.parse(pipe.args[0]) as { min?: number; max?: number }) : {};
      return { type: 'integer', ...(options.min !== undefined ? { minimum: options.min } : {}), ...(options.max !== undefined ? { maximum: options.max } : {}) };
    }
    if (pipe.ref.name === 'ParseUUIDPipe') return { type: 'string', format: 'uuid' };
    return { type: 'string' };
  }
  return conversionSchema(param.conversion ?? { kind: 'string' });
}

function conversionSchema(conversion: ConversionIR): JsonSchema {
  switch (conversion.kind) {
    case 'number': return { type: 'number' };
    case 'boolean': return { type: 'boolean' };
    case 'date': return { type: 'string', description: 'An ISO 8601 date (2026-11-24) or date-time (2026-11-24T14:00:00Z).' };
    case 'oneOf': return { enum: [...conversion.values] };
    case 'array': return { type: 'array', items: conversionSchema(conversion.item), maxItems: MAX_QUERY_VALUES };
    default: return { type: 'string' };
  }
}
