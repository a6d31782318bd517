/**
 * Whether an `If-None-Match` list names `etag`, compared weakly (`W/"x"` matches `"x"`, RFC 9110
 * §8.8.3.2), `*` matching any. Read once, in time linear in the header's length, without making a
 * string per member: a list of 100,000 tags costs a scan, not 100,000 strings to collect.
 *
 * @example
 * etagListMatches('"a", W/"b"', 'W/"b"'); // true
 */
export function etagListMatches(list: string, etag: string): boolean {
  if (list.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (let start = 0; start <= list.length; ) {
    const comma = list.indexOf(',', start);
    const end = comma === -1 ? list.length : comma;
    let first = start;
    let last = end;
    while (first < last && isBlank(list.charCodeAt(first))) first++;
    while (last > first && isBlank(list.charCodeAt(last - 1))) last--;
    if (list.startsWith('W/', first)) first += 2;
    if (last - first === opaque.length && list.startsWith(opaque, first)) return true;
    start = end + 1;
  }
  return false;
}

/** Space or tab, the blanks a header list holds around its members. */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}
