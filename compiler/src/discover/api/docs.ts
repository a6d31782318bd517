import { Node } from 'ts-morph';

/**
 * The text of a declaration's last JSDoc comment (tags left out), trimmed; undefined without one.
 *
 * @example
 * docText(method) // 'One page of todos: `?limit=` (default and maximum 100) after `?offset=` (default 0).'
 */
export function docText(node: Node): string | undefined {
  const doc = lastDoc(node);
  const text = doc?.getDescription().trim();
  return text ? text : undefined;
}

/**
 * The `@tag` entries of a declaration's last JSDoc comment, each with its whole text after the tag
 * name (`@throws {NotFoundException} when …` → `{NotFoundException} when …`).
 */
export function docTags(node: Node): { readonly tag: string; readonly text: string; readonly node: Node }[] {
  const doc = lastDoc(node);
  if (!doc) return [];
  return doc.getTags().map((t) => {
    const text = t.getText().replace(/\n\s*\*(?!\/)/g, ' ').replace(/\*\/$/, '');
    return { tag: t.getTagName(), text: text.replace(/^@\w+/, '').replace(/\s+/g, ' ').trim(), node: t };
  });
}

function lastDoc(node: Node) {
  if (!Node.isJSDocable(node)) return undefined;
  return node.getJsDocs().at(-1);
}

/**
 * The summary of a JSDoc text: its first sentence (up to a full stop followed by a space or the
 * end of the paragraph), and the whole text as description when it says more.
 *
 * @example
 * summaryOf('Creates a todo. The name is trimmed.') // { summary: 'Creates a todo.', description: 'Creates a todo. The name is trimmed.' }
 */
export function summaryOf(text: string | undefined): { summary?: string; description?: string } {
  if (!text) return {};
  const paragraph = text.split(/\n\s*\n/)[0]!.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?])(\s|$)/.exec(paragraph)?.[1] ?? paragraph;
  return sentence === text.trim() ? { summary: sentence } : { summary: sentence, description: text.trim() };
}
