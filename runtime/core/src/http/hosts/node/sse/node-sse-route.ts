import { writeAnswer, writeError } from '../node-answer.js';
import { NodeCall } from '../node-call.js';
import { observedNodeRoute, type NodeRouteHandler } from '../node-observed-route.js';
import type { NodeRouteOptions } from '../node-route-handler.js';
import type { HttpRoute } from '../../../http-route.js';
import { isThenable } from '../../../../types/thenable.js';
import { iteratorOf } from '../../../streaming/iterate.js';
import { EventPump } from '../../../streaming/sse/event-pump.js';
import { endResponse, openEventStream, responseReady, watchResponse, writeToResponse } from './node-sink.js';
import type { EventSink, SinkWatcher } from '../../../streaming/sse/event-sink.js';
import type { StreamServing } from '../../../streaming/stream-serving.js';
import { EVENT_STREAM_HEADERS, eventPumpOptions } from '../../../streaming/sse/sse-stream.js';
import { isWebResponse } from '../../../../types/web-response.js';

/**
 * The call of an event stream, and once it is open the `EventSink` its `EventPump` writes to (an
 * open stream keeps its call anyway: one object less per stream than a sink of its own). The pump
 * tells it that the client left (and aborts `context.signal`), so a signal first read then needs
 * no listener of its own on the response.
 */
class EventStreamNodeCall extends NodeCall implements EventSink {
  streaming = false;
  protected override onCancel(cancel: (reason: unknown) => void): void {
    if (!this.streaming) super.onCancel(cancel);
  }
  write(text: string): boolean {
    return writeToResponse(this.outgoing, text);
  }
  ready(): Promise<void> {
    return responseReady(this.outgoing);
  }
  end(): void {
    endResponse(this.outgoing);
  }
  onGone(watcher: SinkWatcher): void {
    watchResponse(this.outgoing, watcher);
  }
}

/**
 * The Node-native handler of an `@Sse()` route: the same answers as the Hono one (`sseRoute`), on
 * Node's request and response directly, so that an open stream keeps no Hono context, Web
 * `Request` or `Response`: the chain runs once on a `NodeCall`, a refusal is written as the error
 * answer (with the headers the chain set, a 429's `Retry-After`), and the events go to the
 * `ServerResponse` through the call (the same writes as a `NodeEventSink`). An observed route's
 * span lasts as long as the stream.
 *
 * @example
 * router.add('GET', '/todo/events', nodeSseRoute(route, streaming, { bodyLimit, report }));
 */
export function nodeSseRoute(route: HttpRoute, serving: StreamServing, { bodyLimit, report }: NodeRouteOptions): NodeRouteHandler {
  const { entry, run } = route;
  const pump = eventPumpOptions(entry, serving, report);
  const refuse = (call: EventStreamNodeCall, error: unknown): void => {
    call.answered = true;
    writeError(call.outgoing, error, entry.name, report, call, call.responseHeaders);
  };
  const begin = (call: EventStreamNodeCall, answer: unknown): void => {
    // A guard, interceptor or filter may answer with a Response of its own.
    if (isWebResponse(answer)) {
      call.answered = true;
      const writing = writeAnswer(call.outgoing, answer, 200, call.responseHeaders);
      if (writing) writing.catch((error: unknown) => writeError(call.outgoing, error, 'the HTTP adapter', report, call, undefined));
      return;
    }
    let iterator: ReturnType<typeof iteratorOf>;
    try {
      iterator = iteratorOf(answer, pump.where);
    } catch (error) {
      return refuse(call, error);
    }
    const headers = call.responseHeaders ? { ...call.responseHeaders, ...EVENT_STREAM_HEADERS } : EVENT_STREAM_HEADERS;
    call.streaming = true;
    openEventStream(call.outgoing, headers);
    new EventPump(iterator, call, call, pump).start();
  };
  const handler: NodeRouteHandler = (incoming, outgoing, path, values, observation) => {
    const call = new EventStreamNodeCall(incoming, outgoing, route, path, values, bodyLimit, observation);
    let answer: unknown;
    try {
      answer = run(call);
    } catch (error) {
      return refuse(call, error);
    }
    if (!isThenable(answer)) return begin(call, answer);
    Promise.resolve(answer)
      .then(
        (value) => begin(call, value),
        (error: unknown) => refuse(call, error),
      )
      .then(undefined, (error: unknown) => writeError(outgoing, error, 'the HTTP adapter', report, call, undefined));
  };
  return route.telemetry ? observedNodeRoute(route.telemetry, handler) : handler;
}
