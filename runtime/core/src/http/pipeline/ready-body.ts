/** A `Response` body whose every byte was there at once. */
export interface WholeBody {
  readonly whole: true;
  readonly bytes: Uint8Array;
}

/** A `Response` body still producing: what came first, then the rest from `reader`. */
export interface FlowingBody {
  readonly whole: false;
  readonly first: readonly Uint8Array[];
  readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  /** The read begun after `first`: await it before reading on. */
  readonly pending: Promise<ReadableStreamReadResult<Uint8Array>>;
}

/** The next turn of the event loop, not a microtask: a string body takes several microtasks to read on some hosts. */
const nextTurn: () => Promise<undefined> =
  typeof setImmediate === 'function' ? () => new Promise((resolve) => setImmediate(resolve, undefined)) : () => new Promise((resolve) => setTimeout(resolve, 0, undefined));

/** What a `Response`'s body holds now: whole when it ends within this turn (a known length), else what came and the reader. */
export async function readyBody(body: ReadableStream<Uint8Array>): Promise<WholeBody | FlowingBody> {
  const reader = body.getReader();
  const first: Uint8Array[] = [];
  let pending = reader.read();
  for (;;) {
    const next = await Promise.race([pending, nextTurn()]);
    if (next === undefined) return { whole: false, first, reader, pending };
    if (next.done) return { whole: true, bytes: joined(first) };
    first.push(next.value);
    pending = reader.read();
  }
}

export function joined(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
