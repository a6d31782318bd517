import { type ClassDeclaration, type Node, type MethodDeclaration, type ParameterDeclaration } from 'ts-morph';
import type { ChainIR, HttpControllerIR, ParamIR, ParamSource, RouteIR } from '../../ir/types.js';
import { chainOf, notStatic } from '../chain.js';
import type { DiscoverContext } from '../context.js';
import { discoverDto } from '../dtos.js';
import { classOfType } from '../refs.js';
import { literalOf } from '../static-value.js';
import { frameworkDecorators, type FrameworkDecorator } from '../symbols.js';
import { inaccessible, type ControllerFamily } from './family.js';

/** Method decorator name → HTTP method. */
const ROUTES: Readonly<Record<string, string>> = {
  Get: 'GET', Post: 'POST', Put: 'PUT', Delete: 'DELETE', Patch: 'PATCH', Head: 'HEAD', Options: 'OPTIONS', All: 'ALL',
};

/**
 * `@Controller(prefix)` classes and their `@Get/@Post/…` handlers with `@Req/@Body/@Query/@Param/@Header`
 * parameters.
 *
 * @example
 * httpFamily.discover(ctx, todoControllerClass, controllerDecorator, classChain).routes.length // 5
 */
export const httpFamily: ControllerFamily = {
  classDecorator: 'Controller',
  discover(ctx: DiscoverContext, cls: ClassDeclaration, decorator: FrameworkDecorator, chain: ChainIR): HttpControllerIR {
    const prefix = staticString(ctx, decorator.args[0], 'The prefix of @Controller') ?? '';
    const routes = cls.getMethods().flatMap((method) => routeOf(ctx, method) ?? []);
    return { family: 'http', prefix, chain, routes };
  },
};

function routeOf(ctx: DiscoverContext, method: MethodDeclaration): RouteIR | undefined {
  const decorators = frameworkDecorators(method);
  const route = decorators.find((d) => d.name in ROUTES);
  if (!route) return undefined;
  const httpCode = decorators.find((d) => d.name === 'HttpCode');
  let status = 200;
  if (httpCode?.args[0]) {
    const value = literalOf(httpCode.args[0]);
    if (typeof value === 'number') status = value;
    else notStatic(ctx, httpCode.args[0], 'The status of @HttpCode', 'a number literal');
  }
  return {
    methodName: method.getName(),
    location: ctx.location(method.getNameNode()),
    decoratorLocation: ctx.location(route.node),
    httpMethod: ROUTES[route.name] ?? 'GET',
    path: staticString(ctx, route.args[0], `The path of @${route.name}`) ?? '',
    status,
    inaccessible: inaccessible(method),
    params: method.getParameters().map((p, index) => paramOf(ctx, p, index)),
    chain: chainOf(ctx, decorators),
  };
}

function paramOf(ctx: DiscoverContext, p: ParameterDeclaration, index: number): ParamIR {
  const d = frameworkDecorators(p).find((x) => ['Req', 'Body', 'Query', 'Param', 'Header', 'Ctx'].includes(x.name));
  const source = sourceOf(ctx, d);
  const typeNode = p.getTypeNode();
  const base = { index, name: p.getName(), typeText: typeNode?.getText() ?? p.getType().getText(p), source, location: ctx.location(d?.node ?? p.getNameNode()) };
  if (source.kind !== 'body') return base;
  const cls = classOfType(ctx, typeNode);
  return cls ? { ...base, dto: discoverDto(ctx, cls.declaration, cls.ref) } : base;
}

function sourceOf(ctx: DiscoverContext, d: FrameworkDecorator | undefined): ParamSource {
  if (!d) return { kind: 'none' };
  const name = d.args[0] ? staticString(ctx, d.args[0], `The name given to @${d.name}`) : undefined;
  switch (d.name) {
    case 'Req':
      return { kind: 'req' };
    case 'Body':
      return { kind: 'body' };
    case 'Ctx':
      return { kind: 'context' };
    case 'Query':
      return name === undefined ? { kind: 'query' } : { kind: 'query', name };
    case 'Header':
      return name === undefined ? { kind: 'header' } : { kind: 'header', name };
    default:
      return { kind: 'param', name: name ?? '' };
  }
}

/** A string argument that must be static; FW1004 when it is computed. */
function staticString(ctx: DiscoverContext, node: Node | undefined, what: string): string | undefined {
  if (!node) return undefined;
  const value = literalOf(node);
  if (typeof value === 'string') return value;
  return notStatic(ctx, node, what, 'a string literal');
}
