const isHttpWhitespace = (code: number) => code === 9 || code === 10 || code === 13 || code === 32;

/**
 * A header value without the surrounding HTTP whitespace, as `Headers` stores it.
 *
 * @example
 * trimmedHeaderValue(' text/plain\r\n'); // 'text/plain'
 */
export function trimmedHeaderValue(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isHttpWhitespace(value.charCodeAt(start))) start++;
  while (end > start && isHttpWhitespace(value.charCodeAt(end - 1))) end--;
  return start === 0 && end === value.length ? value : value.slice(start, end);
}
