/**
 * Whether an `If-None-Match` list names `etag`, compared weakly (`W/"x"` matches `"x"`, RFC 9110
 * §8.8.3.2), `*` matching any. Read once, in time linear in the header's length.
 *
 * @example
 * etagListMatches('"a", W/"b"', 'W/"b"'); // true
 */
export function etagListMatches(list: string, etag: string): boolean {
  if (list.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const item of list.split(',')) {
    const tag = item.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}
