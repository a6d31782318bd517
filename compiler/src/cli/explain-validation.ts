import type { AppModel } from '../analyze/model.js';
import { planDto } from '../analyze/validation/plan.js';
import type { DtoIR } from '../ir/types.js';

/** How one body DTO is validated at run time. */
export interface ValidationExplanation {
  readonly dto: string;
  readonly compiled: boolean;
  /** Why it stays on class-validator (what cannot be compiled, and why). */
  readonly because?: string;
}

/**
 * Every DTO the routes validate (nested ones too), compiled or left to class-validator and why.
 *
 * @example
 * explainValidation(model) // [{ dto: 'CreateTodoDto', compiled: true }, { dto: 'LineDto', compiled: false, because: '@Validate on member …' }]
 */
export function explainValidation(model: AppModel): ValidationExplanation[] {
  const seen = new Set<string>();
  const out: ValidationExplanation[] = [];
  const visit = (dto: DtoIR): void => {
    if (seen.has(dto.ref.key)) return;
    seen.add(dto.ref.key);
    const plan = planDto(dto);
    out.push(plan.kind === 'compiled' ? { dto: dto.ref.name, compiled: true } : { dto: dto.ref.name, compiled: false, because: `${plan.fallback.subject}: ${plan.fallback.why}` });
    for (const member of dto.members) if (member.nested) visit(member.nested.dto);
  };
  for (const route of model.routes) {
    if (route.body) visit(route.body);
    // A whole `@Query()` class is validated through the same DTO entries as a body.
    for (const param of route.params) if (param.source.kind === 'query' && param.dto) visit(param.dto);
  }
  return out;
}

/**
 * `--explain` as text for validation.
 *
 * @example
 * formatValidation(model)
 * // Validation: 2 of 3 DTOs compiled; class-validator is loaded for the others.
 * //   CreateTodoDto: compiled
 * //   LineDto: class-validator (@Validate on member 'quantity': a custom constraint runs only at run time)
 */
export function formatValidation(model: AppModel): string {
  const list = explainValidation(model);
  if (list.length === 0) return 'Validation: no body or query DTOs.\n';
  const compiled = list.filter((e) => e.compiled).length;
  const tail = compiled === list.length ? 'class-validator is never loaded by the framework' : 'class-validator is loaded for the others';
  const lines = [`Validation: ${compiled} of ${list.length} DTOs compiled; ${tail}.`];
  for (const e of list) lines.push(`  ${e.dto}: ${e.compiled ? 'compiled' : `class-validator (${e.because})`}`);
  return `${lines.join('\n')}\n`;
}
