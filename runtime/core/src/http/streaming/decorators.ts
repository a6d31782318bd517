import { recordRoute } from '../../decorators/records.js';

/**
 * Serves the method as a server-sent event stream on `GET prefix+path`. The method returns an
 * `AsyncIterable` (an `async *` method); each value it yields is one event, its data sent as JSON,
 * or a `sseEvent(data, { event, id, retry })` for an event with those fields. Guards, throttling
 * and interceptors run once, before the stream starts; the client going away aborts
 * `context.signal` and closes the generator. A reconnecting `EventSource` sends the id of the last
 * event it saw: read it with `@Header('last-event-id')`. `framework-build` refuses a method that
 * returns one value (FW2401).
 *
 * @example
 * @Sse('/events')
 * async *events(@Ctx() context: ExecutionContext, @Header('last-event-id') lastId?: string): AsyncGenerator<ServerSentEvent<TodoChange>> {
 *   for await (const change of this.todos.changes(context.signal)) yield sseEvent(change, { event: change.kind, id: String(change.sequence) });
 * }
 */
export function Sse(path = ''): MethodDecorator {
  return (target, key) => recordRoute(target.constructor, { method: 'GET', path, key });
}

/**
 * Serves the method as a WebSocket on `GET prefix+path` (the upgrade request). The method has the
 * shape of a bidirectional RPC: its `@Messages()` parameter is an `AsyncIterable` of the client's
 * messages (JSON, each validated against the parameter's DTO by the compiled validators; an
 * invalid one is answered with an `exception` message and the socket stays open), and each value
 * it yields is sent to the client as JSON. Guards run once, on the upgrade request: a refusal is an
 * ordinary HTTP answer (401, 403, 429) and no socket opens. `framework-build` refuses a method of
 * another shape (FW2402, FW2403).
 *
 * @example
 * @Ws('/ws')
 * async *socket(@Messages() messages: AsyncIterable<CreateTodoDto>): AsyncGenerator<TodoChange> {
 *   for await (const dto of messages) yield { kind: 'created', todo: this.todos.create(dto) };
 * }
 */
export function Ws(path = ''): MethodDecorator {
  return (target, key) => recordRoute(target.constructor, { method: 'GET', path, key });
}

/**
 * The messages the client of a `@Ws()` route sends, as an `AsyncIterable` of the declared DTO:
 * each is parsed as JSON and validated like a `@Body()`. Reading stops when the socket closes.
 *
 * @example
 * async *socket(@Messages() messages: AsyncIterable<CreateTodoDto>) { for await (const dto of messages) … }
 */
export function Messages(): ParameterDecorator {
  return () => undefined;
}
