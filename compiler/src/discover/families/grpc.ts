import { type ClassDeclaration, type ParameterDeclaration } from 'ts-morph';
import type { ChainIR, GrpcControllerIR, GrpcDefIR, GrpcMethodIR, ParamIR, ParamSource } from '../../ir/index.js';
import { notStatic, oneLine, type DiscoverContext } from '../context.js';
import { resolveDef } from '../grpc/def.js';
import { dataFields, declaredTypeRef } from '../grpc/param-type.js';
import { returnShapeOf, streamElementFields } from '../grpc/return-shape.js';
import { literalOf } from '../static-value.js';
import { frameworkDecorators, type FrameworkDecorator } from '../symbols.js';
import { inaccessible, type ControllerFamily } from './family.js';
import { classChain, handlerChain, handlers, parameterAt, runs, type Handler } from './inherited.js';

/** Parameter decorators of the HTTP family: on a gRPC handler they have nothing to read (FW1412). */
const HTTP_PARAMS = new Set(['Req', 'Body', 'Query', 'Param', 'Header', 'Cookie', 'Form', 'UploadedFile', 'UploadedFiles']);

/** Parameter decorators a gRPC handler reads. */
const GRPC_PARAMS = new Set(['GrpcPayload', 'GrpcStream', 'GrpcMetadata', 'Ctx']);

/**
 * `@GrpcController(definition)` classes and their `@GrpcMethod()` handlers with `@GrpcPayload()`,
 * `@GrpcStream()`, `@GrpcMetadata(key?)` and `@Ctx()` parameters, and what each returns. The definition is followed back to its
 * `loadProto(<path>)` call (FW1401 when it cannot be); the `.proto` itself is read by `analyze`.
 *
 * @example
 * grpcFamily.discover(ctx, todoGrpcClass, decorator, classChain).def?.members // ['todo', 'TodoService', 'service']
 */
export const grpcFamily: ControllerFamily = {
  classDecorator: 'GrpcController',
  handlerDecorators: ['GrpcMethod'],
  discover(ctx: DiscoverContext, cls: ClassDeclaration, decorator: FrameworkDecorator, chain: ChainIR): GrpcControllerIR {
    const def = definitionOf(ctx, cls, decorator);
    const methods = handlers(ctx, cls, (d) => grpcFamily.handlerDecorators.includes(d.name)).map((h) => methodOf(ctx, h));
    return { family: 'grpc', chain: classChain(ctx, cls, chain), ...(def ? { def } : {}), methods, location: ctx.location(decorator.node) };
  },
};

function definitionOf(ctx: DiscoverContext, cls: ClassDeclaration, decorator: FrameworkDecorator): GrpcDefIR | undefined {
  const arg = decorator.args[0];
  const controller = cls.getName() ?? 'default';
  if (!arg) {
    ctx.report('FW1401', decorator.node, { controller, reason: 'no definition is given' });
    return undefined;
  }
  const resolved = resolveDef(ctx, arg);
  if (resolved.ok) return resolved.def;
  const text = `\`${oneLine(resolved.culprit.getText())}\``;
  const reason = resolved.subject ? `${resolved.subject}, ${text}, is ${resolved.reason}` : `${text} is ${resolved.reason}`;
  ctx.report('FW1401', resolved.culprit, { controller, reason });
  return undefined;
}

function methodOf(ctx: DiscoverContext, h: Handler): GrpcMethodIR {
  const marker = h.marker;
  const method = runs(h).method;
  const nameArg = marker.args[0];
  let rpc = h.name;
  let explicit = false;
  if (nameArg) {
    const value = literalOf(nameArg);
    if (typeof value === 'string') {
      rpc = value;
      explicit = true;
    } else {
      notStatic(ctx, nameArg, 'The RPC name given to @GrpcMethod', 'a string literal');
    }
  }
  const why = inaccessible(method);
  const isParam = (d: FrameworkDecorator): boolean => GRPC_PARAMS.has(d.name) || HTTP_PARAMS.has(d.name);
  return {
    methodName: h.name,
    location: ctx.location(method.getNameNode()),
    rpcLocation: ctx.location(explicit && nameArg ? nameArg : marker.node),
    rpc,
    explicit,
    ...(why ? { inaccessible: why } : {}),
    params: method.getParameters().map((_, index) => paramOf(ctx, parameterAt(h, index, isParam)!.param, index)),
    chain: handlerChain(ctx, h),
    returns: returnShapeOf(method),
  };
}

function paramOf(ctx: DiscoverContext, p: ParameterDeclaration, index: number): ParamIR {
  const decorators = frameworkDecorators(p);
  const d = decorators.find((x) => GRPC_PARAMS.has(x.name)) ?? decorators.find((x) => HTTP_PARAMS.has(x.name));
  const source = d || !ctx.unreadDecorated.has(p.compilerNode) ? sourceOf(ctx, d) : ({ kind: 'none', unread: true } as const);
  const typeNode = p.getTypeNode();
  const base = { index, name: p.getName(), typeText: typeNode?.getText() ?? p.getType().getText(p), source, location: ctx.location(d?.node ?? p.getNameNode()) };
  if (source.kind !== 'payload' && !(source.kind === 'metadata' && source.name === undefined)) return base;
  const typeRef = declaredTypeRef(ctx, p);
  const typeFields = source.kind !== 'payload' ? undefined : source.stream ? (p.getTypeNode() ? streamElementFields(p.getType()) : undefined) : dataFields(p);
  return { ...base, ...(typeRef ? { typeRef } : {}), ...(typeFields ? { typeFields } : {}) };
}

function sourceOf(ctx: DiscoverContext, d: FrameworkDecorator | undefined): ParamSource {
  if (!d) return { kind: 'none' };
  if (d.name === 'GrpcPayload') return { kind: 'payload' };
  if (d.name === 'GrpcStream') return { kind: 'payload', stream: true };
  if (d.name === 'Ctx') return { kind: 'context' };
  if (d.name !== 'GrpcMetadata') return { kind: 'foreign', decorator: d.name };
  const arg = d.args[0];
  if (!arg) return { kind: 'metadata' };
  const key = literalOf(arg);
  if (typeof key === 'string') return { kind: 'metadata', name: key };
  notStatic(ctx, arg, 'The key given to @GrpcMetadata', 'a string literal');
  return { kind: 'metadata', name: '' };
}
