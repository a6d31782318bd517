import { Node, type ClassDeclaration, type ParameterDeclaration, type TypeNode } from 'ts-morph';
import type { ChainIR, HttpControllerIR, ParamIR, ParamSource, RouteIR, VersionIR } from '../../ir/index.js';
import { notStatic, oneLine, type DiscoverContext } from '../context.js';
import { discoverDto } from '../dtos.js';
import type { Level } from '../lineage.js';
import { conversionOf, queryMembers } from '../param-types.js';
import { pipesOf } from '../pipes.js';
import { pipePlanOf } from '../pipe-types.js';
import { classOfType } from '../refs.js';
import { evaluate, literalOf } from '../static-value.js';
import { checkDeclaredType, checkQueryInput, schemaOf } from '../standard-schema.js';
import { frameworkDecorators, resolveName, type FrameworkDecorator } from '../symbols.js';
import { inaccessible, type ControllerFamily } from './family.js';
import { classChain, handlerChain, handlers, parameterAt, runs, type Handler } from './inherited.js';
import { returnOf } from './returns.js';
import { messageDto, streamOf } from './streams.js';
import { checkSocketRequestReads } from './socket-reads.js';
import { docText } from '../api/docs.js';
import { routeApi } from '../api/route-api.js';
import { bodyLimitOf, uploadSource } from '../uploads.js';
import { arrayElementOf, refuseBodyArrayPipe } from '../body-arrays.js';

/** Method decorator name → HTTP method. */
const ROUTES: Readonly<Record<string, string>> = {
  Get: 'GET', Post: 'POST', Put: 'PUT', Delete: 'DELETE', Patch: 'PATCH', Head: 'HEAD', Options: 'OPTIONS', All: 'ALL', Sse: 'GET', Ws: 'GET',
};

/** Parameter decorators an HTTP handler reads. */
const PARAMS = new Set(['Req', 'Body', 'Query', 'Param', 'Header', 'Cookie', 'Ctx', 'Messages', 'Form', 'UploadedFile', 'UploadedFiles']);

/**
 * `@Controller(prefix)` classes and their `@Get/@Post/…` handlers with `@Req/@Body/@Query/@Param/@Header`
 * parameters, inherited ones included (see `inherited.ts` for the rules).
 *
 * @example
 * httpFamily.discover(ctx, todoControllerClass, controllerDecorator, classChain).routes.length // 5
 */
export const httpFamily: ControllerFamily = {
  classDecorator: 'Controller',
  handlerDecorators: Object.keys(ROUTES),
  discover(ctx: DiscoverContext, cls: ClassDeclaration, decorator: FrameworkDecorator, chain: ChainIR): HttpControllerIR {
    const { prefix, version } = controllerOptions(ctx, decorator.args[0]);
    const routes = handlers(ctx, cls, (d) => d.name in ROUTES).map((h) => routeOf(ctx, cls, h));
    const doc = docText(cls);
    return { family: 'http', prefix, ...(version ? { version } : {}), chain: classChain(ctx, cls, chain), routes, ...(doc ? { doc } : {}) };
  },
};

function routeOf(ctx: DiscoverContext, cls: ClassDeclaration, h: Handler): RouteIR {
  const route = h.marker;
  const method = runs(h).method;
  checkOneRoute(ctx, cls, h);
  if (route.name === 'Ws') checkSocketRequestReads(ctx, `${cls.getName() ?? 'default'}.${h.name}`, method);
  // An override may set its own status; the most derived `@HttpCode` wins.
  const httpCode = h.declarations.flatMap((d) => d.decorators).filter((d) => d.name === 'HttpCode').at(-1);
  const statusArg = httpCode?.args[0];
  const bodyLimit = bodyLimitOf(ctx, h.declarations.flatMap((d) => d.decorators));
  let status = 200;
  if (statusArg) {
    const value = literalOf(statusArg);
    if (typeof value === 'number') status = value;
    else notStatic(ctx, statusArg, 'The status of @HttpCode', 'a number literal');
  }
  return {
    ...answerDecorators(ctx, h),
    methodName: h.name,
    location: ctx.location(method.getNameNode()),
    decoratorLocation: ctx.location(route.node),
    httpMethod: ROUTES[route.name] ?? 'GET',
    path: staticString(ctx, route.args[0], `The path of @${route.name}`) ?? '',
    status,
    ...(statusArg ? { statusLocation: ctx.location(statusArg) } : {}),
    ...(bodyLimit ? { bodyLimit } : {}),
    returns: returnOf(runs(h)),
    inaccessible: inaccessible(method),
    params: method.getParameters().map((_, index) => paramOf(ctx, parameterAt(h, index, (d) => PARAMS.has(d.name))!, index, `${cls.getName() ?? 'default'}.${h.name}`)),
    chain: handlerChain(ctx, h),
    api: routeApi(ctx, cls, h),
    ...streamOf(route.name, method),
  };
}

function paramOf(ctx: DiscoverContext, { param: p, level }: { param: ParameterDeclaration; level: Level }, index: number, handler: string): ParamIR {
  const d = frameworkDecorators(p).find((x) => PARAMS.has(x.name));
  // NestJS's `@Body(new ParseArrayPipe({ items: ItemDto }))`: FW1211, read as a plain `@Body()`.
  const arrayPipe = d?.name === 'Body' && refuseBodyArrayPipe(ctx, d.args[0], p, handler);
  const source = arrayPipe ? ({ kind: 'body' } as const) : d || !ctx.unreadDecorated.has(p.compilerNode) ? sourceOf(ctx, d) : ({ kind: 'none', unread: true } as const);
  // A parameter inherited from a generic base (`@Body() dto: T`) is typed as the subclass binds it.
  const typeNode = level.bind(p.getTypeNode());
  const base = { index, name: p.getName(), typeText: typeNode?.getText() ?? p.getType().getText(p), source, location: ctx.location(d?.node ?? p.getNameNode()) };
  if (source.kind === 'param' || source.kind === 'cookie' || ((source.kind === 'query' || source.kind === 'header') && source.name !== undefined)) {
    // Through the bound type node, an inherited `@Param('id') id: Id` converts to what the subclass binds.
    // Only a query key may repeat: an array of a scalar converts there alone.
    const { conversion, optional } = conversionOf(typeNode ? typeNode.getType() : p.getType(), source.kind === 'query' ? { at: p } : undefined);
    // `@Cookie(name, { signed: true }, …pipes)`: the options are no pipe.
    // `@Header(name)` takes no pipes: its declared type alone converts it.
    const pipeArgs = source.kind === 'header' ? [] : d!.args.slice(1).filter((arg) => !Node.isObjectLiteralExpression(arg));
    const pipes = pipesOf(ctx, pipeArgs);
    const place = source.kind === 'param' ? 'path' : source.kind;
    const { every, mismatch } = pipes.length > 0 && place !== 'header' ? pipePlanOf(ctx, p, pipeArgs, place, typeNode ? typeNode.getType() : p.getType()) : {};
    return {
      ...base,
      conversion,
      ...(optional || p.isOptional() ? { optional: true as const } : {}),
      ...(pipes.length > 0 ? { pipes } : {}),
      ...(every ? { pipesTakeEvery: true as const } : {}),
      ...(mismatch ? { pipeMismatch: mismatch } : {}),
    };
  }
  if (source.kind === 'messages') return messagesParam(ctx, base, p);
  if (source.kind === 'file') return p.isOptional() || p.hasInitializer() ? { ...base, optional: true } : base;
  if (source.kind === 'form') {
    const cls = classOfType(ctx, typeNode);
    if (!cls) return base;
    const dto = discoverDto(ctx, cls.declaration, cls.ref);
    // A form member without a scalar conversion (`tags: string[]`, a field sent several times) gets its text as it is.
    return { ...base, dto, queryMembers: queryMembers(ctx, cls.declaration, dto).filter((m) => m.conversion.kind !== 'unsupported' && m.conversion.kind !== 'array') };
  }
  const schemaArg = source.kind === 'body' || source.kind === 'query' ? schemaOption(d!) : undefined;
  if (schemaArg) {
    const what = `@${d!.name}`;
    const schema = schemaOf(ctx, schemaArg, what);
    if (schema) {
      checkDeclaredType(ctx, p, typeNode ? typeNode.getType() : p.getType(), schema, what);
      const lists = source.kind === 'query' ? checkQueryInput(ctx, schemaArg, schema) : [];
      return { ...base, schema: lists.length > 0 ? { ...schema.ir, queryLists: lists } : schema.ir };
    }
    // A schema the compiler could not resolve was reported (FW2501/FW2502): not FW1204 on top of it.
    return source.kind === 'body' ? { ...base, source: { kind: 'body', unvalidated: true } } : base;
  }
  // `@Header('last-event-id') lastEventId?: string`: a header the caller may leave out.
  if (source.kind === 'header' && p.isOptional()) return { ...base, optional: true };
  if ((source.kind !== 'body' && source.kind !== 'query') || (source.kind === 'body' && source.unvalidated)) return base;
  const cls = classOfType(ctx, typeNode);
  if (!cls) return source.kind === 'body' ? arrayBodyParam(ctx, base, typeNode, level) : base;
  const dto = discoverDto(ctx, cls.declaration, cls.ref);
  return source.kind === 'body' ? { ...base, dto } : { ...base, dto, queryMembers: queryMembers(ctx, cls.declaration, dto) };
}

/** `@Body() items: ItemDto[]`: a JSON array, each element validated as the DTO (FW1204 when the element is no class). */
function arrayBodyParam(ctx: DiscoverContext, base: ParamIR, typeNode: TypeNode | undefined, level: Level): ParamIR {
  const written = arrayElementOf(typeNode);
  if (!written) return base;
  // An element typed by a generic base (`@Body() items: T[]`) is the class the subclass binds.
  const element = level.bind(written);
  const cls = classOfType(ctx, element);
  const array = { element: element?.getText() ?? written.getText() };
  return cls ? { ...base, array, dto: discoverDto(ctx, cls.declaration, cls.ref) } : { ...base, array };
}

function sourceOf(ctx: DiscoverContext, d: FrameworkDecorator | undefined): ParamSource {
  if (!d) return { kind: 'none' };
  if (d.name === 'Body') return schemaOption(d) ? { kind: 'body' } : bodySource(ctx, d);
  if (d.name === 'Query' && schemaOption(d)) return { kind: 'query' };
  if (d.name === 'UploadedFile' || d.name === 'UploadedFiles') return uploadSource(ctx, d, d.name === 'UploadedFiles');
  const name = d.args[0] ? staticString(ctx, d.args[0], `The name given to @${d.name}`) : undefined;
  switch (d.name) {
    case 'Req':
      return { kind: 'req' };
    case 'Ctx':
      return { kind: 'context' };
    case 'Messages':
      return { kind: 'messages' };
    case 'Form':
      return { kind: 'form' };
    case 'Query':
      return name === undefined ? { kind: 'query' } : { kind: 'query', name };
    case 'Header':
      return name === undefined ? { kind: 'header' } : { kind: 'header', name };
    case 'Cookie':
      return cookieSigned(ctx, d) ? { kind: 'cookie', name: name ?? '', signed: true } : { kind: 'cookie', name: name ?? '' };
    default:
      return { kind: 'param', name: name ?? '' };
  }
}

/** `@Body()`, or `@Body({ validate: false })`; options computed at run time are FW1004 (tsc refuses other literals). */
function bodySource(ctx: DiscoverContext, d: FrameworkDecorator): ParamSource {
  const arg = d.args[0];
  if (!arg) return { kind: 'body' };
  const options = evaluate(arg);
  if (!options.ok) return notStatic(ctx, arg, 'The options of @Body', 'an object literal such as { validate: false }') ?? { kind: 'body' };
  const value = options.value;
  const unvalidated = typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { validate?: unknown }).validate === false;
  return unvalidated ? { kind: 'body', unvalidated: true } : { kind: 'body' };
}

/** Whether `@Cookie(name, { signed: true })` asks for a signed cookie; options computed at run time are FW1004. */
function cookieSigned(ctx: DiscoverContext, d: FrameworkDecorator): boolean {
  const arg = d.args[1];
  if (!arg || !Node.isObjectLiteralExpression(arg)) return false;
  const options = evaluate(arg);
  if (!options.ok) return notStatic(ctx, arg, 'The options of @Cookie', 'an object literal such as { signed: true }') ?? false;
  return (options.value as { signed?: unknown }).signed === true;
}

/** The `schema` of `@Body({ schema: S })` or `@Query({ schema: S })`: the expression naming it. */
function schemaOption(d: FrameworkDecorator): Node | undefined {
  const arg = d.args[0];
  const inner = arg && Node.isParenthesizedExpression(arg) ? arg.getExpression() : arg;
  if (!Node.isObjectLiteralExpression(inner)) return undefined;
  const property = inner.getProperty('schema');
  if (Node.isPropertyAssignment(property)) return property.getInitializer();
  return Node.isShorthandPropertyAssignment(property) ? property.getNameNode() : undefined;
}

/** Why a stream route has no other HTTP method, for FW1209's hint. */
const STREAM_GET: Readonly<Record<string, string>> = {
  Sse: 'an event stream is opened by a GET request (a browser\'s EventSource sends nothing else)',
  Ws: 'a WebSocket is opened by a GET upgrade request',
};

/**
 * FW1209: a second route decorator on the method that carries the handler's (`@Post() @Sse()`).
 * The runtime records one route per decorator while the tables hold one per handler, so `init`
 * would stop on a route "not in the tables". Reported at the decorator that is one too many: the
 * plain one beside a stream's, else the later one.
 */
function checkOneRoute(ctx: DiscoverContext, cls: ClassDeclaration, h: Handler): void {
  const routes = h.declarations[0].decorators.filter((d) => d.name in ROUTES);
  if (routes.length < 2) return;
  const stream = routes.find((d) => d.name in STREAM_GET);
  const first = stream ?? routes[0]!;
  const text = (d: FrameworkDecorator): string => `@${oneLine(d.node.getExpression().getText())}`;
  for (const extra of routes) {
    if (extra === first) continue;
    ctx.report('FW1209', extra.node, {
      handler: `${cls.getName() ?? 'default'}.${h.name}`,
      extra: text(extra),
      first: text(first),
      ...(stream ? { stream: STREAM_GET[stream.name]! } : {}),
    });
  }
}

/** `@Controller('prefix')` or `@Controller({ path, version })`. */
function controllerOptions(ctx: DiscoverContext, arg: Node | undefined): { prefix: string; version?: VersionIR } {
  const inner = arg && Node.isParenthesizedExpression(arg) ? arg.getExpression() : arg;
  if (!Node.isObjectLiteralExpression(inner)) return { prefix: staticString(ctx, arg, 'The prefix of @Controller') ?? '' };
  const valueOf = (name: string): Node | undefined => {
    const property = inner.getProperty(name);
    return Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
  };
  const versionNode = valueOf('version');
  const version = versionNode ? versionOf(ctx, versionNode) : undefined;
  return { prefix: staticString(ctx, valueOf('path'), 'The path of @Controller') ?? '', ...(version ? { version } : {}) };
}

/** `'2'`, `VERSION_NEUTRAL`, or an array of them; FW1004 for anything computed. */
function versionOf(ctx: DiscoverContext, node: Node): VersionIR | undefined {
  const items = Node.isArrayLiteralExpression(node) ? node.getElements() : [node];
  const values: string[] = [];
  let neutral = false;
  for (const item of items) {
    const value = literalOf(item);
    if (typeof value === 'string') values.push(value);
    else if (resolveName(item)?.name === 'VERSION_NEUTRAL') neutral = true;
    else return notStatic(ctx, item, 'A version', "a string literal such as '2', or VERSION_NEUTRAL");
  }
  return { values, ...(neutral ? { neutral: true as const } : {}), location: ctx.location(node) };
}

/** `@SetHeader`, `@Redirect` and `@Version` of a handler (the most derived declaration's `@Redirect` and `@Version` win). */
function answerDecorators(ctx: DiscoverContext, h: Handler): Pick<RouteIR, 'setHeaders' | 'redirect' | 'version'> {
  const named = (name: string) => h.declarations.flatMap((d) => d.decorators).filter((d) => d.name === name);
  const setHeaders = named('SetHeader').map((d) => ({
    name: staticString(ctx, d.args[0], 'The name of @SetHeader') ?? '',
    value: staticString(ctx, d.args[1], 'The value of @SetHeader') ?? '',
    location: ctx.location(d.args[0] ?? d.node),
  }));
  const redirect = named('Redirect').at(-1);
  let redirectIR: RouteIR['redirect'];
  if (redirect) {
    const statusArg = redirect.args[1];
    const status = statusArg ? literalOf(statusArg) : 302;
    if (statusArg && typeof status !== 'number') notStatic(ctx, statusArg, 'The status of @Redirect', 'a number literal');
    redirectIR = {
      url: staticString(ctx, redirect.args[0], 'The URL of @Redirect') ?? '',
      status: typeof status === 'number' ? status : 302,
      location: ctx.location(statusArg ?? redirect.node),
    };
  }
  const versionDecorator = named('Version').at(-1);
  const version = versionDecorator?.args[0] ? versionOf(ctx, versionDecorator.args[0]) : undefined;
  return { ...(setHeaders.length > 0 ? { setHeaders } : {}), ...(redirectIR ? { redirect: redirectIR } : {}), ...(version ? { version } : {}) };
}

/** A string argument that must be static; FW1004 when it is computed. */
function staticString(ctx: DiscoverContext, node: Node | undefined, what: string): string | undefined {
  if (!node) return undefined;
  const value = literalOf(node);
  if (typeof value === 'string') return value;
  return notStatic(ctx, node, what, 'a string literal');
}

/** `@Messages() messages: AsyncIterable<Dto>`: the DTO each message is validated against, when the element type is a class. */
function messagesParam(ctx: DiscoverContext, base: ParamIR, p: ParameterDeclaration): ParamIR {
  const dto = messageDto(ctx, p);
  return dto ? { ...base, dto } : base;
}
