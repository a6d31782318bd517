import type { ConfigSchemaModel } from '../analyze/config/config-plans.js';
import type { AppModel } from '../analyze/model.js';
import { planDto, type DtoPlan, type ValidationPlans } from '../analyze/validation/plan.js';
import type { DtoIR } from '../ir/index.js';
import type { Imports } from './imports.js';
import { quote } from './literals.js';
import type { DtoEntries } from './validators.js';

/**
 * The validation plans the tables' DTO entries are rendered from: the routes' DTOs, and the
 * environment schemas that compile (with the DTOs nested in them).
 *
 * @example
 * new DtoEntries(imports, tablePlans(model))
 */
export function tablePlans(model: AppModel): ValidationPlans {
  const plans = new Map<DtoIR, DtoPlan>(model.validation);
  const visit = (dto: DtoIR): void => {
    if (plans.has(dto)) return;
    plans.set(dto, planDto(dto));
    for (const member of dto.members) if (member.nested) visit(member.nested.dto);
  };
  for (const { schema, plan } of model.config) if (plan.kind === 'compiled') visit(schema.dto);
  return plans;
}

/**
 * One statement per environment schema whose rules compile: its validator is emitted as a body
 * DTO's (`DtoEntries`), and registered with ConfigModule when the tables load, with each member's
 * conversion, optionality and type-rule messages, so that `loadConfig(EnvSchema)` (called before
 * `init`, from the class alone) and `ConfigModule.forRoot(EnvSchema)` run it instead of loading
 * class-validator.
 *
 * @example
 * emitConfigSchemas(model.config, dtos, imports)
 * // ["compiledConfigSchema($EnvSchema, [\n  { name: 'PORT', conversion: 'number', optional: false, typeMessages: ['PORT must be an integer number'] },\n]);"]
 */
export function emitConfigSchemas(schemas: readonly ConfigSchemaModel[], dtos: DtoEntries, imports: Imports): string[] {
  return schemas.flatMap(({ schema, plan, members }) => {
    if (plan.kind !== 'compiled') return [];
    const entry = dtos.entry(schema.dto);
    const lines = members.map((m) => {
      const types = m.typeMessages.length > 0 ? `, typeMessages: [${m.typeMessages.map(quote).join(', ')}]` : '';
      return `  { name: ${quote(m.name)}, conversion: ${quote(m.conversion)}, optional: ${m.optional}${types} },`;
    });
    return [`${imports.config('compiledConfigSchema')}(${entry}, [\n${lines.join('\n')}\n]);`];
  });
}
