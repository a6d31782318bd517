import { HttpException, Injectable } from '@framework/core';
import type { Todo } from './todo.service.js';

/** One change to the todos, as `GET /todo/events` and `/todo/ws` send it. */
export interface TodoChange {
  /** Increases by one per change: the event id a reconnecting client resumes after. */
  sequence: number;
  kind: 'created' | 'updated' | 'deleted';
  todo: Todo;
}

/** Changes kept for clients that reconnect with `Last-Event-ID`. */
const REPLAY = 1000;
/** Changes a subscriber may fall behind by before it is dropped (it reconnects and resumes). */
const BACKLOG = 1000;

/** A subscriber's queue of changes not yet read. */
interface Subscriber {
  queue: TodoChange[];
  wake?: () => void;
  failure?: unknown;
}

/**
 * The feed of changes to the todos: the service publishes each one; each stream subscribes. Keeps
 * the last `REPLAY` changes, so a client reconnecting after a drop misses nothing it could still
 * get; a subscriber more than `BACKLOG` changes behind ends with a 503 (it reconnects and resumes
 * from its last event) rather than growing the server's memory.
 */
@Injectable()
export class TodoChanges {
  private readonly recent: TodoChange[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private sequence = 0;

  publish(kind: TodoChange['kind'], todo: Todo): void {
    const change: TodoChange = { sequence: ++this.sequence, kind, todo: { ...todo } };
    this.recent.push(change);
    if (this.recent.length > REPLAY) this.recent.shift();
    for (const subscriber of this.subscribers) {
      if (subscriber.queue.length >= BACKLOG) subscriber.failure ??= new HttpException(503, 'This client reads changes too slowly: reconnect with the id of the last event it read.');
      else subscriber.queue.push(change);
      subscriber.wake?.();
    }
  }

  /** The sequence of the latest change (0 before any). */
  get latest(): number {
    return this.sequence;
  }

  /**
   * The changes after `after` (those still kept), then every new one, until `signal` aborts.
   * `fail(error)` ends the subscription with that error.
   */
  subscribe(after: number, signal: AbortSignal): { changes: AsyncGenerator<TodoChange>; fail(error: unknown): void } {
    const subscriber: Subscriber = { queue: this.recent.filter((c) => c.sequence > after) };
    this.subscribers.add(subscriber);
    const wake = (): void => subscriber.wake?.();
    signal.addEventListener('abort', wake, { once: true });
    const subscribers = this.subscribers;
    async function* changes(): AsyncGenerator<TodoChange> {
      try {
        for (;;) {
          if (subscriber.failure !== undefined) throw subscriber.failure;
          if (signal.aborted) return;
          const next = subscriber.queue.shift();
          if (next) yield next;
          else await new Promise<void>((resolve) => (subscriber.wake = resolve));
        }
      } finally {
        subscribers.delete(subscriber);
        signal.removeEventListener('abort', wake);
      }
    }
    return {
      changes: changes(),
      fail: (error) => {
        subscriber.failure ??= error;
        wake();
      },
    };
  }
}
