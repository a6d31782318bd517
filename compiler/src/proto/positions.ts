/**
 * Where a protobufjs parse error is: protobufjs names the line (`… (line 5)`) and the offending
 * token (`illegal token '}'`); the column is where that token first appears on the line.
 *
 * @example
 * errorPosition("illegal token '}', ';' expected (line 5)", text) // { line: 5, column: 1 }
 */
export function errorPosition(message: string, text: string): { line: number; column: number } {
  const line = Number(/line (\d+)\)\s*$/.exec(message)?.[1] ?? 0);
  if (line === 0) return { line: 0, column: 0 };
  const source = text.split(/\r?\n/)[line - 1] ?? '';
  const token = /^illegal [\w ]+? '([^']*)'/.exec(message)?.[1];
  const index = token ? source.indexOf(token) : -1;
  const firstNonBlank = source.search(/\S/);
  return { line, column: (index >= 0 ? index : Math.max(firstNonBlank, 0)) + 1 };
}

/**
 * Where `rpc <name>` is declared in the service block of `service <service>`, 1-based; the start of
 * the file when it cannot be found (the name came from a bundled or generated file).
 *
 * @example
 * rpcPosition(text, 'TodoService', 'GetTodo') // { line: 6, column: 3 }
 */
export function rpcPosition(text: string, service: string, rpc: string): { line: number; column: number } {
  const lines = text.split(/\r?\n/);
  const serviceLine = lines.findIndex((l) => new RegExp(`^\\s*service\\s+${escape(service)}\\b`).test(l));
  const rpcPattern = new RegExp(`\\brpc\\s+${escape(rpc)}\\b`);
  for (let i = Math.max(serviceLine, 0); i < lines.length; i++) {
    const code = lines[i]!.replace(/\/\/.*$/, '');
    const match = rpcPattern.exec(code);
    if (match) return { line: i + 1, column: match.index + 1 };
  }
  return { line: 1, column: 1 };
}

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
