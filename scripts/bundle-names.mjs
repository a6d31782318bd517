// esbuild's `keepNames` wraps every named function in `__name(fn, "name")`, which defines `name`
// on the function object. On a closure made per request or per socket that costs a property
// store of its own (about 256 bytes on V8) and a `defineProperty` call each time. Where the
// language names the function anyway — `const name = () => …`, `name = () => …`, `{ name: () => … }`,
// or a function expression that carries that very name (`function bodyLayer(call) {…}`, of which
// init makes several per route) — the wrapper adds nothing, so it is removed here. Classes and function declarations, whose
// names esbuild may have changed to avoid a clash, keep theirs.
import ts from 'typescript';

/** The name the language gives a function written where `call` stands, if any. */
function inferredName(call) {
  const parent = call.parent;
  if (ts.isVariableDeclaration(parent) && parent.initializer === call && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isBinaryExpression(parent) && parent.right === call && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(parent.left)) return parent.left.text;
  if (ts.isPropertyAssignment(parent) && parent.initializer === call && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name))) return parent.name.text;
  return undefined;
}

/**
 * The bundle's text without the `__name(…)` wrappers that name a function the language names
 * the same already.
 *
 * @example
 * unwrapInferredNames('const run = /* @__PURE__ *\/ __name((c) => c, "run");'); // 'const run = /* @__PURE__ *\/ (c) => c;'
 */
export function unwrapInferredNames(text) {
  const source = ts.createSourceFile('bundle.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const cuts = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === '__name' && node.arguments.length === 2) {
      const [fn, name] = node.arguments;
      const anonymous = (ts.isArrowFunction(fn) || (ts.isFunctionExpression(fn) && fn.name === undefined));
      const namedAlike = ts.isFunctionExpression(fn) && fn.name !== undefined && ts.isStringLiteral(name) && fn.name.text === name.text;
      if (namedAlike || (anonymous && ts.isStringLiteral(name) && inferredName(node) === name.text)) {
        cuts.push([node.getStart(source), fn.getStart(source)], [fn.end, node.end]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // The cuts never overlap (a nested call lies inside its function): apply them from the end.
  cuts.sort((a, b) => b[0] - a[0]);
  let out = text;
  for (const [start, end] of cuts) out = out.slice(0, start) + out.slice(end);
  return out;
}
