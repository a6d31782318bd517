import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isThenable } from '../../../types/thenable.js';
import type { CallObservation } from '../../../telemetry/call-observation.js';
import type { HttpRoute } from '../../http-route.js';
import { bodyReadFailure } from '../../json-body.js';
import { readBodyText } from './node-body.js';
import { NodeRequestCall } from './node-request-call.js';
import { readableSource } from '../../uploads/body-source.js';
import { loadForm } from '../../uploads/form-route.js';

/**
 * One HTTP call on the Node-native path: the execution context and the argument source over
 * Node's request and response (its parameter readers in `NodeRequestCall`), with the answers
 * the web adapter's call gives (`hosts/web/http-call.ts`). The request object (`req`) and its Web
 * `Request` are built only when something reads them.
 *
 * @example
 * const call = new NodeCall(incoming, outgoing, route, '/todo/42', ['42'], 1 << 20, undefined);
 * call.param('id'); // '42'
 */
export class NodeCall extends NodeRequestCall {
  /** The body's text, once read (before the chain for a body without a declared length). */
  bodyText?: string;

  constructor(
    readonly incoming: IncomingMessage,
    readonly outgoing: ServerResponse,
    route: HttpRoute,
    path: string,
    values: readonly string[],
    private readonly bodyLimit: number,
    /** The request's observation, when its route is observed. */
    readonly observation: CallObservation | undefined,
  ) {
    super(route, path, values);
  }

  protected get connection(): Socket {
    return this.incoming.socket;
  }
  /** The response closing before it finished: the client went away. */
  protected override onCancel(cancel: (reason: unknown) => void): void {
    const { outgoing } = this;
    if (outgoing.writableFinished) return;
    outgoing.once('close', () => {
      if (!outgoing.writableFinished) cancel(new DOMException('The client closed the connection before the answer.', 'AbortError'));
    });
  }
  /** Reads the body's text (unless read already), parses and validates it into `body`. */
  loadBody(): Promise<void> {
    const { form } = this.route;
    if (form) return loadForm(form, this, readableSource(this.incoming), this.incoming.headers, (dispose) => this.outgoing.once('close', dispose));
    return this.readText().then((text) => {
      const { route } = this;
      const parsed = route.parseJson(this.incoming.method!, this.incoming.headers['content-type'], text);
      const body = route.validate ? route.validate(parsed) : parsed;
      // The class-validator fallback answers with a promise; a compiled validator never does.
      if (isThenable(body)) return Promise.resolve(body).then((value) => void (this.body = value));
      this.body = body;
    });
  }
  /** The body's text: read before, read now, or (when `req.raw` took the stream) through the Web request. */
  readText(): Promise<string> {
    if (this.bodyText !== undefined) return Promise.resolve(this.bodyText);
    const reading = this.request?.rawBuilt ? this.request.raw.text() : readBodyText(this.incoming, this.bodyLimit);
    return reading.then(
      (text) => (this.bodyText = text),
      (error: unknown) => {
        throw bodyReadFailure(error);
      },
    );
  }
}
