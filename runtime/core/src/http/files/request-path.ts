/**
 * The file a request path names below a mount, as path segments, or undefined when the path is
 * not one a file could have: a segment that decodes to `.` or `..` (`..`, `%2e%2e`), holds a
 * slash, a backslash or NUL once decoded (`%2f`, `%5c`, `%00`), starts with a dot (hidden
 * files), is empty (`//`), or is not valid percent-encoding. Such a request is never turned
 * into a file-system path; the realpath check (`static-mount.ts`) then stops symbolic links.
 *
 * @example
 * fileSegments('/css/site.css');      // ['css', 'site.css']
 * fileSegments('/%2e%2e/etc/passwd'); // undefined
 */
export function fileSegments(rest: string): string[] | undefined {
  if (rest === '' || rest === '/') return [];
  if (rest[0] !== '/') return undefined;
  const raw = rest.slice(1).split('/');
  // `/dir/` names the directory: its last, empty, segment goes.
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  const segments: string[] = [];
  for (const part of raw) {
    let segment: string;
    try {
      segment = part.includes('%') ? decodeURIComponent(part) : part;
    } catch {
      return undefined;
    }
    if (segment === '' || segment[0] === '.' || /[/\\\0]/.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}

/**
 * The part of `path` below `prefix`, or undefined when the path is not under it.
 *
 * @example
 * belowPrefix('/assets/app.js', '/assets'); // '/app.js'
 * belowPrefix('/assetsX', '/assets');       // undefined
 */
export function belowPrefix(path: string, prefix: string): string | undefined {
  if (prefix === '/') return path;
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  return rest === '' || rest[0] === '/' ? rest : undefined;
}
