import type { RequestScope } from '../di/injector.js';
import type { HandlerEntry } from '../contract/tables.js';
import type { Class } from '../types/class.js';

/** The per-handler facts every call of it shares, fixed at init by the transport. */
export interface HandlerRuntime<Entry extends HandlerEntry = HandlerEntry> {
  readonly entry: Entry;
  readonly controllerClass: Class;
}

/**
 * What the calls of every transport have in common: the handler they run, the request scope and
 * the state bag guards fill. Transport adapters extend it with their own reads.
 *
 * @example
 * class HttpCall extends CallBase<HttpRouteEntry> implements Call { … }
 */
export abstract class CallBase<Entry extends HandlerEntry = HandlerEntry> {
  scope?: RequestScope;
  /**
   * Set by the transport once the answer is handed over: a cancellation the transport reports
   * after that (a stream closing, a Web request's signal fired at the end) aborts nothing.
   */
  answered = false;
  private stateMap?: Map<unknown, unknown>;
  /**
   * The request's cookies, parsed on the first `@Cookie()` read (`http/cookies/read-cookie.ts`).
   * Declared only: a call that reads no cookie carries no such field.
   */
  declare parsedCookies?: Readonly<Record<string, string | undefined>>;
  private aborter?: AbortController;

  constructor(protected readonly handlerRuntime: HandlerRuntime<Entry>) {}

  get context(): this {
    return this;
  }
  /** Created on first use: most calls never need one. */
  get state(): Map<unknown, unknown> {
    return (this.stateMap ??= new Map());
  }
  /** A value of `state`, read without creating the bag (a stream reading what its guard left). */
  stateValue(key: unknown): unknown {
    return this.stateMap?.get(key);
  }
  /**
   * Created on first read (calls that never look at it allocate nothing), and then tied to the
   * transport's own cancellation (`onCancel`): an HTTP client that disconnects, a gRPC client that
   * cancels.
   */
  get signal(): AbortSignal {
    if (!this.aborter) {
      this.aborter = new AbortController();
      this.onCancel((reason) => {
        if (!this.answered) this.abort(reason);
      });
    }
    return this.aborter.signal;
  }
  abort(reason?: unknown): void {
    // Created here too when nobody read the signal yet: a later read must see it aborted.
    (this.aborter ??= new AbortController()).abort(reason);
  }
  /**
   * Calls `cancel` when the transport learns that nobody waits for the answer any more.
   * Transports that can tell override it; called at most once per call, on the signal's first read.
   */
  protected onCancel(_cancel: (reason: unknown) => void): void {}
  getHandler(): Function {
    return this.handlerRuntime.entry.handler;
  }
  getClass(): Class {
    return this.handlerRuntime.controllerClass;
  }
  getRoute(): Entry {
    return this.handlerRuntime.entry;
  }
}
