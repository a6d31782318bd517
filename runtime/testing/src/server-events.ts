/** One server-sent event as `t.events` reads it: its type (`message` unless named), its id, and its data parsed as JSON. */
export interface TestEvent<T = unknown> {
  readonly event: string;
  readonly id?: string;
  readonly data: T;
  /** The `retry:` field, when the event set one. */
  readonly retry?: number;
}

/**
 * The events of a `text/event-stream` response, parsed as they arrive (the format's rules: `\n`,
 * `\r\n` or `\r` line ends, comment lines ignored, `data:` lines joined). Leaving the loop cancels
 * the body, which the server sees as the client going away.
 *
 * @example
 * for await (const event of serverEvents(await t.request('/todo/events'))) console.log(event.event, event.data);
 */
export async function* serverEvents<T = unknown>(response: Response): AsyncGenerator<TestEvent<T>> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let fields: { event?: string; id?: string; retry?: number; data: string[] } = { data: [] };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      const lines = buffer.split(/\r\n|\r|\n/);
      // The last piece may be a line still arriving.
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (line === '') {
          if (fields.data.length > 0) {
            const { event, id, retry, data } = fields;
            yield { event: event ?? 'message', ...(id !== undefined ? { id } : {}), ...(retry !== undefined ? { retry } : {}), data: JSON.parse(data.join('\n')) as T };
          }
          fields = { data: [] };
        } else if (!line.startsWith(':')) {
          const colon = line.indexOf(':');
          const name = colon < 0 ? line : line.slice(0, colon);
          const text = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
          if (name === 'data') fields.data.push(text);
          else if (name === 'event') fields.event = text;
          else if (name === 'id') fields.id = text;
          else if (name === 'retry' && /^\d+$/.test(text)) fields.retry = Number(text);
        }
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
