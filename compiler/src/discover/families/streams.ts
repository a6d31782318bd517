import { Node, type MethodDeclaration, type ParameterDeclaration } from 'ts-morph';
import type { DtoIR, RouteIR } from '../../ir/index.js';
import type { DiscoverContext } from '../context.js';
import { discoverDto } from '../dtos.js';
import { returnShapeOf } from '../grpc/return-shape.js';
import { classOfType } from '../refs.js';

/** Route decorators of streams, and the kind of stream each serves. */
const STREAMS: Readonly<Record<string, 'sse' | 'websocket'>> = { Sse: 'sse', Ws: 'websocket' };

/**
 * For an `@Sse()` or `@Ws()` route, the stream's kind and what its handler returns as far as a
 * stream cares (an iterable, one value…), for FW2401 and FW2402; nothing for other routes.
 *
 * @example
 * streamOf('Sse', method) // { stream: { kind: 'sse', returns: 'iterable', text: 'AsyncGenerator<TodoChange>' } }
 */
export function streamOf(decorator: string, method: MethodDeclaration): Pick<RouteIR, 'stream'> {
  const kind = STREAMS[decorator];
  if (!kind) return {};
  const shape = returnShapeOf(method);
  return { stream: { kind, returns: shape.kind, text: shape.text } };
}

/**
 * The DTO of a `@Messages()` parameter: the element class of its `AsyncIterable<Dto>` type;
 * undefined when the type is not an iterable of a class (FW2403 then).
 *
 * @example
 * messageDto(ctx, param) // the DtoIR of CreateTodoDto for `messages: AsyncIterable<CreateTodoDto>`
 */
export function messageDto(ctx: DiscoverContext, param: ParameterDeclaration): DtoIR | undefined {
  const typeNode = param.getTypeNode();
  if (!Node.isTypeReference(typeNode)) return undefined;
  const name = typeNode.getTypeName().getText();
  if (name !== 'AsyncIterable' && name !== 'AsyncIterableIterator') return undefined;
  const cls = classOfType(ctx, typeNode.getTypeArguments()[0]);
  return cls ? discoverDto(ctx, cls.declaration, cls.ref) : undefined;
}
