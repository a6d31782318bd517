// Builds elements from data: text always goes in as textContent, never as HTML, since routes,
// diagnostics and answers come from the app and may hold markup.

/**
 * el('td', { class: 'method' }, 'GET') → <td class="method">GET</td>
 * @param {string} tag
 * @param {Record<string, string | ((event: Event) => void) | undefined>} [attributes]
 * @param {...(Node | string | number | undefined | null | false)} children
 */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    if (typeof value === 'function') node.addEventListener(name.replace(/^on/, ''), value);
    // Through the CSSOM: the page's Content-Security-Policy refuses inline style attributes.
    else if (name === 'style') node.style.cssText = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    node.append(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replaces the children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren(...children.filter((c) => c !== undefined && c !== null && c !== false).map((c) => (typeof c === 'object' ? c : document.createTextNode(String(c)))));
}

/** A small chip for one chain step. */
export function chip(step) {
  const limit = step.throttle?.limit !== undefined ? ` ${step.throttle.limit}/${step.throttle.ttl} ms` : '';
  const skipped = step.throttle?.skipped ? ' (skipped)' : '';
  const text = step.kind === 'throttle' ? `throttle ${step.name}${limit}${skipped}` : step.name;
  return el('span', { class: `chip ${step.kind}`, title: `${step.kind} (${step.level})${step.applied ? `, applied at ${step.applied}` : ''}${step.declared ? `, declared at ${step.declared}` : ''}` }, text);
}

/**
 * Where something is declared, as a link that opens it in VS Code (`vscode://file/<path>:<line>:<column>`);
 * a class of a package (`@framework/core#JwtService`) stays text.
 */
export function declaredLink(srcDir, declared) {
  if (!declared || !srcDir || declared.includes('#')) return el('span', {}, declared ?? '');
  const path = `${srcDir.replace(/\/$/, '')}/${declared}`;
  return el('a', { class: 'declared', href: `vscode://file/${path.split('/').map(encodeURIComponent).join('/').replace(/%3A/g, ':')}`, title: `open ${path} in VS Code`, onclick: (event) => event.stopPropagation() }, declared);
}
