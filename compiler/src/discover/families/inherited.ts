import type { ClassDeclaration, MethodDeclaration, ParameterDeclaration } from 'ts-morph';
import type { ChainIR } from '../../ir/index.js';
import { chainOf } from '../chain.js';
import { notStatic, type DiscoverContext } from '../context.js';
import { lineage, type Level } from '../lineage.js';
import { memberName } from '../member-name.js';
import { frameworkDecorators, type FrameworkDecorator } from '../symbols.js';

/** One declaration of a handler method, with the class level it is declared on. */
export interface HandlerDeclaration {
  readonly method: MethodDeclaration;
  readonly level: Level;
  readonly decorators: readonly FrameworkDecorator[];
}

/**
 * A handler of a controller, own or inherited. `declarations` run from the one carrying the marker
 * decorator (`@Get`, `@GrpcMethod`) down to the most derived override, which is what generated
 * code calls on the controller instance (`c.findAll()` runs the override).
 */
export interface Handler {
  /** The method's name at run time (`'get-all'() {}` is `get-all`). */
  readonly name: string;
  readonly marker: FrameworkDecorator;
  readonly declarations: readonly [HandlerDeclaration, ...HandlerDeclaration[]];
}

/** The most derived declaration of a handler: the one that runs, whose accessibility counts. */
export const runs = (h: Handler): HandlerDeclaration => h.declarations[h.declarations.length - 1]!;

/**
 * The handlers of a controller and of its base classes, in the order a route table lists them:
 * the class's own methods in declaration order, then inherited ones not overridden.
 *
 * Inheritance rules (the same at run time, see `runtime/core/src/application/stale-check.ts`):
 * - a base class method with a marker decorator is a handler of the subclass, called on the
 *   subclass's instance;
 * - an override that repeats a marker decorator replaces the base's handler: only its own
 *   decorators count;
 * - an override without a marker decorator keeps the inherited handler (its path, parameter
 *   decorators, guards and other handler decorators) and only changes what runs. Decorators it
 *   does carry add to the inherited ones (a `@UseGuard` on it guards the route too), and a
 *   parameter decorator on it replaces the inherited one at that position. (NestJS drops the route
 *   in this case, which users rarely expect from an `override`.) `SetMetadata` values are read at
 *   run time from the method that runs (`context.getHandler()`), so one on the base method is not
 *   seen through an override: repeat it there.
 *
 * Base classes declared in `.d.ts` files (packages) have their decorators erased, so their
 * handlers cannot be seen here; at init the runtime then finds routes its tables lack and stops
 * with a message naming the base class.
 *
 * @example
 * handlers(ctx, todoControllerClass, (d) => d.name === 'Get').map((h) => h.name) // ['findAll', 'findOne']
 */
export function handlers(ctx: DiscoverContext, cls: ClassDeclaration, isMarker: (d: FrameworkDecorator) => boolean): Handler[] {
  const byName = new Map<string, HandlerDeclaration[]>();
  for (const level of lineage(cls)) {
    for (const method of level.methods) {
      const decorators = frameworkDecorators(method);
      const name = memberName(method);
      if (name === undefined) {
        const owner = level.cls?.getName() ?? cls.getName() ?? 'default';
        if (decorators.some(isMarker)) notStatic(ctx, method.getNameNode(), `The name of a handler of ${owner}`, 'an identifier or a string literal');
        continue;
      }
      // Derived first: the first declaration of a name is the one that runs.
      byName.set(name, [...(byName.get(name) ?? []), { method, level, decorators }]);
    }
  }
  const out: Handler[] = [];
  for (const [name, derivedFirst] of byName) {
    const index = derivedFirst.findIndex((d) => d.decorators.some(isMarker));
    const marked = derivedFirst[index];
    const marker = marked?.decorators.find(isMarker);
    if (!marked || !marker) continue;
    const declarations = derivedFirst.slice(0, index).reverse();
    out.push({ name, marker, declarations: [marked, ...declarations] });
  }
  return out;
}

/**
 * The handler's parameter at `index` as the router binds it: from the most derived declaration that
 * decorates that position with one of `isParam`, else the one of the method that runs.
 */
export function parameterAt(h: Handler, index: number, isParam: (d: FrameworkDecorator) => boolean): { param: ParameterDeclaration; level: Level } | undefined {
  for (const d of [...h.declarations].reverse()) {
    const param = d.method.getParameters()[index];
    if (param && frameworkDecorators(param).some(isParam)) return { param, level: d.level };
  }
  const last = runs(h);
  const param = last.method.getParameters()[index];
  return param ? { param, level: last.level } : undefined;
}

/** The handler-level chain: the decorators of every declaration, base first (see {@link mergeChains}). */
export function handlerChain(ctx: DiscoverContext, h: Handler): ChainIR {
  return h.declarations.map((d) => chainOf(ctx, [...d.decorators])).reduce((outer, inner) => mergeChains(outer, inner));
}

/**
 * The class-level chain of a controller: its base classes' chain decorators (furthest first), then
 * its own (`own`), as the runtime would see them if decorators were inherited (NestJS merges a
 * subclass's `@UseGuards` with its base's too).
 *
 * @example
 * classChain(ctx, todoControllerClass, ownChain).guards // [SecuredBase's guard, then TodoController's]
 */
export function classChain(ctx: DiscoverContext, cls: ClassDeclaration, own: ChainIR): ChainIR {
  const bases = lineage(cls).slice(1).flatMap((level) => (level.cls ? [level.cls] : []));
  return [...bases.reverse().map((base) => chainOf(ctx, frameworkDecorators(base))), own].reduce((outer, inner) => mergeChains(outer, inner));
}

/**
 * `outer` (a base class or base method) then `inner` (the subclass or override): guards,
 * interceptors and middleware outer first, filters inner first (most specific first), throttle rules of `inner` win.
 */
export function mergeChains(outer: ChainIR, inner: ChainIR): ChainIR {
  const throttle = outer.throttle || inner.throttle ? { ...outer.throttle, ...inner.throttle } : undefined;
  const skipThrottle = outer.skipThrottle || inner.skipThrottle ? { ...outer.skipThrottle, ...inner.skipThrottle } : undefined;
  const throttleNames = [...(outer.throttleNames ?? []), ...(inner.throttleNames ?? [])];
  return {
    guards: [...outer.guards, ...inner.guards],
    interceptors: [...outer.interceptors, ...inner.interceptors],
    middleware: [...outer.middleware, ...inner.middleware],
    filters: [...inner.filters, ...outer.filters],
    ...(throttle ? { throttle } : {}),
    ...(skipThrottle ? { skipThrottle } : {}),
    ...(throttleNames.length > 0 ? { throttleNames } : {}),
  };
}
