import type { DtoIR } from '../../ir/index.js';
import type { RouteModel } from '../model.js';
import { planDto, type DtoPlan, type ValidationPlans } from './plan.js';

export type { ValidationPlans };

/**
 * Plans every DTO the routes validate, in route order: bodies, whole `@Query()` classes and
 * WebSocket messages, each followed by the DTOs nested in it.
 *
 * @example
 * planValidation(routes).get(createTodoDto)?.kind // 'compiled'
 */
export function planValidation(routes: readonly RouteModel[]): ValidationPlans {
  const plans = new Map<DtoIR, DtoPlan>();
  const visit = (dto: DtoIR): void => {
    if (plans.has(dto)) return;
    plans.set(dto, planDto(dto));
    for (const member of dto.members) if (member.nested) visit(member.nested.dto);
  };
  for (const route of routes) {
    if (route.body) visit(route.body);
    for (const param of route.params) if (param.dto) visit(param.dto);
    if (route.messages) visit(route.messages);
  }
  return plans;
}

/**
 * The plan analysis made for a DTO. A DTO without one is a compiler bug (an emitter reached a DTO
 * that `planValidation` does not walk), reported as such rather than planned on the side.
 *
 * @example
 * planOf(model.validation, route.body).kind // 'compiled'
 */
export function planOf(plans: ValidationPlans, dto: DtoIR): DtoPlan {
  const plan = plans.get(dto);
  if (!plan) throw new Error(`no validation plan for ${dto.ref.name}: planValidation does not reach it`);
  return plan;
}
