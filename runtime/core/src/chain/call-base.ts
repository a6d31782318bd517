import type { RequestScope } from '../di/injector.js';
import type { HandlerEntry } from '../tables.js';
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
  private stateMap?: Map<unknown, unknown>;
  private aborter?: AbortController;

  constructor(protected readonly handlerRuntime: HandlerRuntime<Entry>) {}

  get context(): this {
    return this;
  }
  /** Created on first use: most calls never need one. */
  get state(): Map<unknown, unknown> {
    return (this.stateMap ??= new Map());
  }
  /** Created on first read: calls that never look at it allocate no controller. */
  get signal(): AbortSignal {
    return (this.aborter ??= new AbortController()).signal;
  }
  abort(reason?: unknown): void {
    // Created here too when nobody read the signal yet: a later read must see it aborted.
    (this.aborter ??= new AbortController()).abort(reason);
  }
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
