import type { ClassDeclaration, MethodDeclaration, Type } from 'ts-morph';
import type { ControllerIR, ReturnIR, RouteIR } from '../ir/types.js';
import { oneLine } from './chain.js';
import type { DiscoverContext } from './context.js';
import { frameworkDecorators } from './symbols.js';

/**
 * Adds to each route of an HTTP controller what the status checks of `analyze/http-status.ts` need
 * and the HTTP family does not record: where `@HttpCode(…)`'s argument is, and what the handler
 * returns. Other families are returned as they are.
 *
 * @example
 * withRouteFacts(ctx, cls, controller).routes[0].returns // { kind: 'empty', text: 'Promise<void>' }
 */
export function withRouteFacts(ctx: DiscoverContext, cls: ClassDeclaration, controller: ControllerIR): ControllerIR {
  if (controller.family !== 'http') return controller;
  return { ...controller, routes: controller.routes.map((route) => factsOf(ctx, cls, route)) };
}

function factsOf(ctx: DiscoverContext, cls: ClassDeclaration, route: RouteIR): RouteIR {
  const method = findMethod(cls, route.methodName);
  if (!method) return route;
  const status = frameworkDecorators(method).find((d) => d.name === 'HttpCode')?.args[0];
  return { ...route, ...(status ? { statusLocation: ctx.location(status) } : {}), returns: returnOf(method) };
}

/** The method of that name on the class or, when inherited, on its nearest base class. */
function findMethod(cls: ClassDeclaration, name: string): MethodDeclaration | undefined {
  for (let c: ClassDeclaration | undefined = cls, depth = 0; c && depth < 20; c = c.getBaseClass(), depth++) {
    const method = c.getMethods().find((m) => m.getName() === name);
    if (method) return method;
  }
  return undefined;
}

function returnOf(method: MethodDeclaration): ReturnIR {
  const type = method.getReturnType();
  const text = method.getReturnTypeNode()?.getText() ?? type.getText(method);
  return { kind: classify(type), text: oneLine(text) };
}

function classify(type: Type): ReturnIR['kind'] {
  // `Promise<T | undefined> | T`: what the router awaits is what counts.
  const parts = members(type).flatMap((t) => members(awaited(t)));
  if (parts.some((t) => t.isAny() || t.isUnknown())) return 'unknown';
  if (parts.some((t) => t.getSymbol()?.getName() === 'Response')) return 'response';
  if (parts.every((t) => t.isVoid() || t.isUndefined() || t.isNull() || t.isNever())) return 'empty';
  return 'value';
}

const members = (type: Type): Type[] => (type.isUnion() ? type.getUnionTypes() : [type]);

function awaited(type: Type): Type {
  const name = type.getSymbol()?.getName();
  const [inner] = type.getTypeArguments();
  return (name === 'Promise' || name === 'PromiseLike') && inner ? inner : type;
}
