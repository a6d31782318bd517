/** Where a host that can cut the connection of an answer (Bun's listener) puts that cut in the bindings of each request. */
export const CUT_ANSWER = Symbol.for('framework.sse.cutAnswer');

/** Bindings of a host that can cut the connection its request's answer is written to. */
export interface AnswerCutBindings {
  [CUT_ANSWER](): void;
}

/**
 * Cuts the connection an event stream is written to, once its client stopped reading at
 * shutdown: through the host's own cut (Bun's), or the response of @hono/node-server's bridge
 * (its bindings are `{ incoming, outgoing }`); false where the host offers none (Deno).
 *
 * @example
 * if (!cutAnswer(bindings)) controller.error(new Error('cut')); // the stream's own cut, for a host that reads on
 */
export function cutAnswer(bindings: unknown): boolean {
  const host = bindings as Partial<AnswerCutBindings> | undefined;
  if (typeof host?.[CUT_ANSWER] === 'function') {
    host[CUT_ANSWER]();
    return true;
  }
  const outgoing = (bindings as { outgoing?: { destroy?: unknown } } | undefined)?.outgoing;
  if (typeof outgoing?.destroy !== 'function') return false;
  (outgoing.destroy as () => void)();
  return true;
}
