import type { AppModel } from '../analyze/model.js';

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
  for (const [dto, plan] of model.validation) {
    if (seen.has(dto.ref.key)) continue;
    seen.add(dto.ref.key);
    out.push(plan.kind === 'compiled' ? { dto: dto.ref.name, compiled: true } : { dto: dto.ref.name, compiled: false, because: `${plan.fallback.subject}: ${plan.fallback.why}` });
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
