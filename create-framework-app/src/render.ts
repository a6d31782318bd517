/** What a template is rendered for. */
export interface TemplateOptions {
  /** The app's package name, for `{{name}}`. */
  readonly name: string;
  /** Whether the gRPC parts are kept (`#if grpc` blocks). */
  readonly grpc: boolean;
  /** Whether the Cloudflare Workers parts are kept (`#if workers` blocks); default false. */
  readonly workers?: boolean;
}

// A marker is a whole line: `// #if grpc`, `// #else`, `// #endif` in code, `<!-- #if grpc -->` in Markdown.
const MARKER = /^\s*(?:\/\/|<!--)\s*#(if grpc|if workers|else|endif)\s*(?:-->)?\s*$/;

/**
 * Renders one template file: keeps or drops the lines between `#if grpc` (or `#if workers`) /
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
    if (marker === 'if grpc' || marker === 'if workers') keep = condition = marker === 'if grpc' ? options.grpc : (options.workers ?? false);
    else if (marker === 'else') keep = !condition;
    else if (marker === 'endif') keep = true;
    else if (keep) kept.push(line);
  }
  return kept.join('\n').replaceAll('{{name}}', options.name);
}
