import type { DestinationStream } from 'pino';

/** An error as pino's standard serializer writes it on Node: its class, message and stack, then its own fields. */
function errorFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message: error.message, stack: error.stack };
  for (const key of Object.keys(error)) if (!(key in fields)) fields[key] = (error as unknown as Record<string, unknown>)[key];
  return fields;
}

/**
 * The `browser.write` of pino's browser build, which a Worker bundle carries: that build has no
 * streams and hands each record over as an object. Written as the one JSON line the Node build
 * would write (errors with their stack), to `destination` or else the console (one entry per line
 * in the Worker's logs), at once: nothing is left to flush.
 *
 * @example
 * pino({ level: 'info', browser: { write: jsonLineWriter(undefined) } }).info({ status: 200 }, 'request completed');
 * // console: {"time":1764460800000,"level":30,"status":200,"msg":"request completed"}
 */
export function jsonLineWriter(destination: DestinationStream | undefined): (record: object) => void {
  const replacer = (_key: string, value: unknown): unknown => (value instanceof Error ? errorFields(value) : value);
  return (record) => {
    const line = JSON.stringify(record, replacer);
    if (destination) destination.write(line + '\n');
    else console.log(line);
  };
}
