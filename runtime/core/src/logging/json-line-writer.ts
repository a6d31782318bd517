import type { DestinationStream } from 'pino';

/** An error as pino's standard serializer writes it on Node: its class, message and stack, then its own fields. */
function errorFields(error: Error): Record<string, unknown> {
  const fields: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message: error.message, stack: error.stack };
  for (const key of Object.keys(error)) if (!(key in fields)) fields[key] = (error as unknown as Record<string, unknown>)[key];
  return fields;
}

/**
 * A replacer for one `JSON.stringify` that writes what pino's Node build writes where JSON alone
 * throws: a BigInt as its number (as text past 2^53), an object met again inside itself as
 * `"[Circular]"`; errors as `errorFields`. `this` is the object holding `value`: the objects above
 * it are kept in a stack.
 */
function lineReplacer(): (this: unknown, key: string, value: unknown) => unknown {
  const above: unknown[] = [];
  return function (this: unknown, _key: string, value: unknown): unknown {
    if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
    if (typeof value !== 'object' || value === null) return value;
    while (above.length > 0 && above[above.length - 1] !== this) above.pop();
    if (above.includes(value)) return '[Circular]';
    if (!(value instanceof Error)) {
      above.push(value);
      return value;
    }
    // Its fields are what JSON walks next (they hold the next values); the error marks the cycle.
    const fields = errorFields(value);
    above.push(value, fields);
    return fields;
  };
}

/**
 * The `browser.write` of pino's browser build, which a Worker bundle carries: that build has no
 * streams and hands each record over as an object. Written as the one JSON line the Node build
 * would write (errors with their stack), to `destination` or else the console (one entry per line
 * in the Worker's logs), at once: nothing is left to flush. A BigInt and a cycle are written as
 * the Node build writes them, not thrown.
 *
 * @example
 * pino({ level: 'info', browser: { write: jsonLineWriter(undefined) } }).info({ status: 200 }, 'request completed');
 * // console: {"time":1764460800000,"level":30,"status":200,"msg":"request completed"}
 */
export function jsonLineWriter(destination: DestinationStream | undefined): (record: object) => void {
  return (record) => {
    const line = JSON.stringify(record, lineReplacer());
    if (destination) destination.write(line + '\n');
    else console.log(line);
  };
}
