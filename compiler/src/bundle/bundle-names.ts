// esbuild's `keepNames` wraps every named function in `__name(fn, "name")`, which defines `name`
// on the function object. On a closure made per request or per socket that costs a property
// store of its own (about 256 bytes on V8) and a `defineProperty` call each time. Where the
// language names the function anyway — `const name = () => …`, `name = () => …`, `{ name: () => … }`,
// or a function expression that carries that very name (`function bodyLayer(call) {…}`, of which
// init makes several per route) — the wrapper adds nothing, so it is removed here. So is the one
// of a class or a function declaration whose binding esbuild left as it was (`var Call = class
// … { static { __name(this, "Call"); } }`, `function run() {…} __name(run, "run");`): the language
// names them by that binding. Besides the work, a derived class whose `name` was redefined never
// gets its constructor optimised by V8 (each compile is aborted on a map stability check), and the
// runtime makes one such object per request. Those esbuild renamed (`var Call2 = class …`) keep theirs.
import { ts } from 'ts-morph';

/** The name the language gives an anonymous function or class written where `expression` stands, if any. */
function inferredName(expression: ts.Expression): string | undefined {
  const parent = expression.parent;
  if (ts.isVariableDeclaration(parent) && parent.initializer === expression && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isBinaryExpression(parent) && parent.right === expression && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(parent.left)) return parent.left.text;
  if (ts.isPropertyAssignment(parent) && parent.initializer === expression && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name))) return parent.name.text;
  return undefined;
}

/** `__name(target, "text")`: its target and name, else undefined. */
function nameCall(expression: ts.Expression): { readonly target: ts.Expression; readonly name: string } | undefined {
  if (!ts.isCallExpression(expression) || !ts.isIdentifier(expression.expression) || expression.expression.text !== '__name') return undefined;
  const [target, name] = expression.arguments;
  return expression.arguments.length === 2 && target && name && ts.isStringLiteral(name) ? { target, name: name.text } : undefined;
}

/** `static { __name(this, "X"); }` in a class whose binding is `X` already (`var X = class …`, `class X …`). */
function namesItsOwnBinding(block: ts.ClassStaticBlockDeclaration): boolean {
  const [only, ...rest] = block.body.statements;
  const call = only && rest.length === 0 && ts.isExpressionStatement(only) ? nameCall(only.expression) : undefined;
  if (!call || call.target.kind !== ts.SyntaxKind.ThisKeyword) return false;
  const owner = block.parent;
  if (owner.name) return owner.name.text === call.name;
  return ts.isClassExpression(owner) && inferredName(owner) === call.name;
}

/**
 * `__name(run, "run");` as a statement, where `run` is the function declaration `run` of its own
 * scope or of an enclosing one (esbuild hoists a lazily initialised module's declarations out of
 * its `__esm` body, and leaves the wrappers inside), and nothing between declares `run` otherwise.
 */
function namesDeclaredFunction(expression: ts.Expression): boolean {
  const call = nameCall(expression);
  if (!call || !ts.isIdentifier(call.target) || call.target.text !== call.name) return false;
  for (let node: ts.Node | undefined = expression.parent.parent; node; node = node.parent) {
    if (ts.isFunctionLike(node) && node.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === call.name)) return false;
    const statements: readonly ts.Statement[] = (node as Partial<ts.Block>).statements ?? [];
    const declared = statements.find((statement) => declares(statement, call.name));
    if (declared) return ts.isFunctionDeclaration(declared) || namedByDeclarationJustBefore(declared, statements, expression.parent, call.name);
  }
  return false;
}

/**
 * `var Health = class {…};` (or an anonymous function) right before `__name(Health, "Health");`:
 * the language named it so, and nothing ran in between to assign the binding anything else.
 */
function namedByDeclarationJustBefore(declared: ts.Statement, statements: readonly ts.Statement[], wrapper: ts.Node, name: string): boolean {
  if (!ts.isVariableStatement(declared) || statements[statements.indexOf(wrapper as ts.Statement) - 1] !== declared) return false;
  const initializer = declared.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name)?.initializer;
  if (!initializer) return false;
  return ((ts.isClassExpression(initializer) || ts.isFunctionExpression(initializer)) && initializer.name === undefined) || ts.isArrowFunction(initializer);
}

/** Whether `statement` declares `name` (a function, a class or a variable of that name). */
function declares(statement: ts.Statement, name: string): boolean {
  if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) return statement.name?.text === name;
  return ts.isVariableStatement(statement) && statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name);
}

/**
 * The bundle's text without the `__name(…)` wrappers that name a function the language names
 * the same already.
 *
 * @example
 * unwrapInferredNames('const run = /* @__PURE__ *\/ __name((c) => c, "run");'); // 'const run = /* @__PURE__ *\/ (c) => c;'
 */
export function unwrapInferredNames(text: string): string {
  const source = ts.createSourceFile('bundle.js', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const cuts: [number, number][] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassStaticBlockDeclaration(node) && namesItsOwnBinding(node)) {
      cuts.push([node.getFullStart(), node.end]);
      return;
    }
    if (ts.isExpressionStatement(node) && namesDeclaredFunction(node.expression)) {
      cuts.push([node.getFullStart(), node.end]);
      return;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === '__name' && node.arguments.length === 2) {
      const [fn, name] = node.arguments as unknown as [ts.Expression, ts.Expression];
      const anonymous = (ts.isArrowFunction(fn) || (ts.isFunctionExpression(fn) && fn.name === undefined));
      const namedAlike = ts.isFunctionExpression(fn) && fn.name !== undefined && ts.isStringLiteral(name) && fn.name.text === name.text;
      if (namedAlike || (anonymous && ts.isStringLiteral(name) && inferredName(node) === name.text)) {
        cuts.push([node.getStart(source), fn.getStart(source)], [fn.end, node.end]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // The cuts never overlap (a nested call lies inside its function): the text between them is
  // kept, joined once (a copy per cut would cost the bundle's size for each of thousands of cuts).
  cuts.sort((a, b) => a[0] - b[0]);
  const kept: string[] = [];
  let from = 0;
  for (const [start, end] of cuts) {
    kept.push(text.slice(from, start));
    from = end;
  }
  kept.push(text.slice(from));
  return kept.join('');
}
