/** What a template is rendered for. */
export interface TemplateOptions {
  /** The app's package name, for `{{name}}`. */
  readonly name: string;
  /** Whether the gRPC parts are kept (`#if grpc` blocks). */
  readonly grpc: boolean;
}

// A marker is a whole line: `// #if grpc`, `// #else`, `// #endif` in code, `<!-- #if grpc -->` in Markdown.
const MARKER = /^\s*(?:\/\/|<!--)\s*#(if grpc|else|endif)\s*(?:-->)?\s*$/;

/**
 * Renders one template file: keeps or drops the lines between `#if grpc` / `#else` / `#endif`
 * markers (the markers themselves go) and replaces `{{name}}`. Blocks do not nest.
 *
 * @example
 * renderTemplate('a\n// #if grpc\nb\n// #else\nc\n// #endif\n{{name}}\n', { name: 'api', grpc: false }) // 'a\nc\napi\n'
 */
export function renderTemplate(text: string, options: TemplateOptions): string {
  const kept: string[] = [];
  let keep = true;
  for (const line of text.split('\n')) {
    const marker = MARKER.exec(line)?.[1];
    if (marker === 'if grpc') keep = options.grpc;
    else if (marker === 'else') keep = !options.grpc;
    else if (marker === 'endif') keep = true;
    else if (keep) kept.push(line);
  }
  return kept.join('\n').replaceAll('{{name}}', options.name);
}
