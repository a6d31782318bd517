/** The fields of one server-sent event besides its data. */
export interface SseFields {
  /** The event's type (`event:`): an `EventSource` listener for it is `addEventListener(event, …)`; default `message`. */
  readonly event?: string;
  /** The event's id (`id:`): a reconnecting `EventSource` sends the last one back as `Last-Event-ID`. */
  readonly id?: string;
  /** How long a client waits before reconnecting, in milliseconds (`retry:`). */
  readonly retry?: number;
}

/**
 * One event of an `@Sse()` stream with its `event`, `id` or `retry` field. Yield it (made by
 * `sseEvent`) instead of the bare data when the event needs one of them; a bare value is sent as
 * the event's data alone.
 *
 * @example
 * yield sseEvent(todo, { event: 'created', id: String(sequence) });
 */
export class ServerSentEvent<T> {
  constructor(
    readonly data: T,
    readonly fields: SseFields = {},
  ) {}
}

/**
 * An event with its type, id or reconnection delay: see `ServerSentEvent`.
 *
 * @example
 * async *events() { yield sseEvent({ id: 1 }, { event: 'created', id: '41' }); }
 */
export function sseEvent<T>(data: T, fields: SseFields = {}): ServerSentEvent<T> {
  return new ServerSentEvent(data, fields);
}

/** A field value on one line: a line break would end the field and start another. */
function lineField(name: string, value: string, where: string): string {
  if (/[\r\n]/.test(value) || (name === 'id' && value.includes('\0'))) {
    throw new TypeError(`${where} yielded an event whose ${name} ${JSON.stringify(value)} holds a line break${name === 'id' ? ' or NUL' : ''}, which the event-stream format cannot carry.`);
  }
  return `${name}: ${value}\n`;
}

/**
 * The text of one event as the `text/event-stream` format writes it: its fields, then the data as
 * JSON on one `data:` line (JSON never holds a raw line break), then the blank line ending it.
 *
 * @example
 * encodeEvent(sseEvent({ id: 1 }, { event: 'created' }), 'TodoController.events') // 'event: created\ndata: {"id":1}\n\n'
 */
export function encodeEvent(element: unknown, where: string): string {
  if (!(element instanceof ServerSentEvent)) return `data: ${JSON.stringify(element) ?? 'null'}\n\n`;
  const { event, id, retry } = element.fields as SseFields;
  let text = '';
  if (event !== undefined) text += lineField('event', event, where);
  if (id !== undefined) text += lineField('id', id, where);
  if (retry !== undefined) {
    if (!Number.isInteger(retry) || retry < 0) throw new TypeError(`${where} yielded an event whose retry (${String(retry)}) is not a whole number of milliseconds.`);
    text += `retry: ${retry}\n`;
  }
  return `${text}data: ${JSON.stringify(element.data) ?? 'null'}\n\n`;
}
