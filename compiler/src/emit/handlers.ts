import type { HandlerModel } from '../analyze/model.js';
import { where } from '../diagnostics/location.js';
import type { ValueRef } from '../ir/index.js';
import type { DtoIR } from '../ir/index.js';
import { argument } from './arguments.js';
import type { Hoisted } from './hoisted.js';
import type { Imports } from './imports.js';
import { key, member, quote, stringArray } from './literals.js';

/**
 * The first two lines every `HandlerEntry` literal of either transport starts with: identity and
 * handler, then the typed `invoke` closure.
 *
 * @example
 * handlerHead(route, imports, '    ')
 * // { id: 3, name: 'TodoController.findOne', controller: 2, handler: TodoController.prototype.findOne,
 * //       invoke: (c: TodoController, a: ArgumentSource) => c.findOne(a.param('id')),
 */
export function handlerHead(h: HandlerModel, imports: Imports, indent: string, hoisted: Hoisted, dto: (d: DtoIR) => string, answer?: RouteAnswerPlan): string {
  const cls = imports.value(h.controllerRef);
  const head = `{ id: ${h.id}, name: ${quote(h.name)}, controller: ${h.controller}, handler: ${cls}.prototype${member(h.methodName)},`;
  const instance = instanceType(h.controllerRef, cls);
  let slot = 0;
  const site = { instance, method: h.methodName, imports, hoisted, dto, nextPipe: () => slot++ };
  const args = h.params.map((p) => argument(p, site));
  const params = [`c: ${instance}`, ...(args.length > 0 || answer ? [`a: ${imports.coreType('ArgumentSource')}`] : []), ...(slot > 0 ? ['p: readonly unknown[]'] : [])];
  // Pipes and @Query() classes may be asynchronous: only their handlers' closures await.
  const async = args.some((a) => a.awaits) ? 'async ' : '';
  const call = `c${member(h.methodName)}(${args.map((a) => a.text).join(', ')})`;
  return `${head}\n${indent}  invoke: ${async}(${params.join(', ')}) => ${answer ? answered(call, answer, imports, hoisted) : call},`;
}

/** What `@SetHeader` and `@Redirect` add to a route's answer. */
export interface RouteAnswerPlan {
  readonly setHeaders?: readonly (readonly [string, string])[];
  readonly redirect?: { readonly url: string; readonly status: number };
}

/** The handler's call wrapped in `routeAnswer`, with its plan hoisted as a constant. */
function answered(call: string, plan: RouteAnswerPlan, imports: Imports, hoisted: Hoisted): string {
  const fields = [
    ...(plan.setHeaders ? [`headers: [${plan.setHeaders.map(([name, value]) => `[${quote(name)}, ${quote(value)}]`).join(', ')}]`] : []),
    ...(plan.redirect ? [`redirect: { url: ${quote(plan.redirect.url)}, status: ${plan.redirect.status} }`] : []),
  ];
  const constant = hoisted.declare('answer', `{ ${fields.join(', ')} }`, imports.coreType('RouteAnswer'));
  return `${imports.core('routeAnswer')}(a.context, ${call}, ${constant})`;
}

/**
 * How generated code writes the instance type of a class imported under `local`.
 *
 * @example
 * instanceType(ref, 'TodoController') // 'TodoController', or 'InstanceType<typeof TodoController>' when generic
 */
const instanceType = (ref: ValueRef, local: string): string => (ref.generic ? `InstanceType<typeof ${local}>` : local);

/**
 * The chain fields that end every `HandlerEntry` literal: guards, interceptors (when any), middleware, filters,
 * annotations (throttle rules) and source.
 *
 * @example
 * chainFields(route, imports, srcDir) // ['guards: []', 'middleware: []', 'filters: []', 'annotations: {}', "source: 'todo/todo.controller.ts:20:3'"]
 */
export function chainFields(h: HandlerModel, imports: Imports, srcDir: string): string[] {
  return [
    `guards: [${h.guards.join(', ')}]`,
    // Only when there are some: most handlers have none, and their entries stay as they were.
    ...(h.interceptors.length > 0 ? [`interceptors: [${h.interceptors.join(', ')}]`] : []),
    ...(h.pipes.length > 0 ? [`pipes: [${h.pipes.join(', ')}]`] : []),
    `middleware: [${h.middleware.map((m) => ('provider' in m ? `{ provider: ${m.provider} }` : `{ fn: ${imports.value(m.fn)} }`)).join(', ')}]`,
    `filters: [${h.filters.join(', ')}]`,
    `annotations: ${annotations(h)}`,
    `source: ${quote(where(srcDir, h.location))}`,
  ];
}

function annotations(h: HandlerModel): string {
  const fields: string[] = [];
  if (h.throttle) {
    const rules = Object.entries(h.throttle).map(([name, rule]) => `${key(name)}: { ttl: ${rule.ttl}, limit: ${rule.limit} }`);
    fields.push(`throttle: { ${rules.join(', ')} }`);
  }
  if (h.skipThrottle) fields.push(`skipThrottle: ${stringArray(h.skipThrottle)}`);
  return fields.length > 0 ? `{ ${fields.join(', ')} }` : '{}';
}
