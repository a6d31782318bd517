/**
 * A TypeScript string literal: single-quoted, or double-quoted when that avoids escaping quotes.
 *
 * @example
 * quote('/todo') // "'/todo'"
 * quote("'CONFIG'") // '"\'CONFIG\'"'
 */
export function quote(value: string): string {
  const json = JSON.stringify(value);
  // `"'CONFIG'"` reads better than `'\'CONFIG\''`; single quotes otherwise.
  if (value.includes("'") && !value.includes('"')) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** An object key: bare when it is an identifier, quoted otherwise. */
export const key = (name: string): string => (IDENTIFIER.test(name) ? name : quote(name));

/** Member access: `.name`, or `['odd-name']`. */
export const member = (name: string): string => (IDENTIFIER.test(name) ? `.${name}` : `[${quote(name)}]`);

/** `['a', 'b']` */
export const stringArray = (values: readonly string[]): string => `[${values.map(quote).join(', ')}]`;
