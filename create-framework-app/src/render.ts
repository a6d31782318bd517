/** What a template is rendered for. */
export interface TemplateOptions {
  /** The app's package name, for `{{name}}`. */
  readonly name: string;
  /** Whether the gRPC parts are kept (`#if grpc` blocks). */
  readonly grpc: boolean;
  /** Whether the Cloudflare Workers parts are kept (`#if workers` blocks); default false. */
  readonly workers?: boolean;
  /** Whether the AWS Lambda parts are kept (`#if lambda` blocks); default false. */
  readonly lambda?: boolean;
}

// A marker is a whole line: `// #if grpc`, `// #else`, `// #endif` in code, `<!-- #if grpc -->` in Markdown.
const MARKER = /^\s*(?:\/\/|<!--)\s*#(if (?:grpc|workers|lambda)|else|endif)\s*(?:-->)?\s*$/;

/**
 * Renders one template file: keeps or drops the lines between `#if grpc` (or `#if workers`, `#if lambda`) /
 * `#else` / `#endif` markers (the markers themselves go) and replaces `{{name}}`. Blocks do not nest.
 *
 * @example
 * renderTemplate('a\n// #if grpc\nb\n// #else\nc\n// #endif\n{{name}}\n', { name: 'api', grpc: false }) // 'a\nc\napi\n'
 */
export function renderTemplate(text: string, options: TemplateOptions): string {
  const kept: string[] = [];
  let keep = true;
  let condition = false;
  for (const line of text.split('\n')) {
    const marker = MARKER.exec(line)?.[1];
    if (marker?.startsWith('if ')) keep = condition = options[marker.slice(3) as 'grpc' | 'workers' | 'lambda'] ?? false;
    else if (marker === 'else') keep = !condition;
    else if (marker === 'endif') keep = true;
    else if (keep) kept.push(line);
  }
  return kept.join('\n').replaceAll('{{name}}', options.name);
}
