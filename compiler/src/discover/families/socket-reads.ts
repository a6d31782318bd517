import { Node, type MethodDeclaration } from 'ts-morph';
import type { DiscoverContext } from '../context.js';
import { frameworkDecorators } from '../symbols.js';

/** A point where a generator gives the turn away: the socket may open before it resumes. */
interface Suspension {
  readonly kind: 'await' | 'for await' | 'yield';
  /** Where the suspension happens: after its operand is evaluated. */
  readonly at: number;
  readonly node: Node;
}

/**
 * FW2405: a `@Ws()` generator reading `context.req` (the `@Ctx()` parameter's request) once the
 * socket is open. The runtime runs the generator up to its first `await`, `for await` or `yield`
 * while the upgrade request is still there, then opens the socket and lets the request go, so a
 * read after that point (or in a loop that suspends) throws and closes the socket with 1011.
 * Reads inside nested functions are not judged: when they run is not visible here.
 *
 * @example
 * checkSocketRequestReads(ctx, 'ChatController.socket', method) // FW2405 at `context.req` inside `for await (…)`
 */
export function checkSocketRequestReads(ctx: DiscoverContext, handler: string, method: MethodDeclaration): void {
  const body = method.getBody();
  if (!body || (!method.isAsync() && !method.isGenerator())) return;
  const contexts = new Set(method.getParameters().filter((p) => frameworkDecorators(p).some((d) => d.name === 'Ctx')).map((p) => p.getName()));
  if (contexts.size === 0) return;
  const suspensions: Suspension[] = [];
  const reads: Node[] = [];
  const loops: Node[] = [];
  const visit = (node: Node): void => {
    if (isNestedFunction(node)) return;
    if (Node.isAwaitExpression(node)) suspensions.push({ kind: 'await', at: node.getEnd(), node });
    else if (Node.isYieldExpression(node)) suspensions.push({ kind: 'yield', at: node.getEnd(), node });
    else if (Node.isForOfStatement(node) && node.isAwaited()) suspensions.push({ kind: 'for await', at: node.getExpression().getEnd(), node });
    if (Node.isIterationStatement(node)) loops.push(node);
    if (isRequestRead(node, contexts)) reads.push(node);
    node.forEachChild(visit);
  };
  body.forEachChild(visit);
  const first = suspensions.reduce<Suspension | undefined>((a, s) => (a === undefined || s.at < a.at ? s : a), undefined);
  if (!first) return;
  const line = (s: Suspension): number => s.node.getStartLineNumber();
  for (const read of reads) {
    const start = read.getStart();
    const loop = start < first.at ? loops.find((l) => contains(l, start) && suspensions.some((s) => contains(l, s.node.getStart()))) : undefined;
    const when = start >= first.at ? `after the first ${first.kind} (line ${line(first)})` : loop ? `in a loop that also suspends (line ${loop.getStartLineNumber()}), so on its later turns` : undefined;
    if (when) ctx.report('FW2405', read, { handler, read: readText(read), when });
  }
}

const contains = (node: Node, pos: number): boolean => node.getStart() <= pos && pos < node.getEnd();

/** `context.req`, or `req` in `const { req } = context`. */
function isRequestRead(node: Node, contexts: ReadonlySet<string>): boolean {
  if (Node.isPropertyAccessExpression(node)) {
    const target = node.getExpression();
    return node.getName() === 'req' && Node.isIdentifier(target) && contexts.has(target.getText());
  }
  if (Node.isBindingElement(node)) {
    const declaration = node.getParentOrThrow().getParent();
    const init = Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
    const key = node.getPropertyNameNode()?.getText() ?? node.getName();
    return key === 'req' && init !== undefined && Node.isIdentifier(init) && contexts.has(init.getText());
  }
  return false;
}

function readText(node: Node): string {
  if (Node.isBindingElement(node)) {
    const declaration = node.getParentOrThrow().getParent();
    return `\`req\` of ${Node.isVariableDeclaration(declaration) ? declaration.getInitializerOrThrow().getText() : 'the context'}`;
  }
  return node.getText();
}

const isNestedFunction = (node: Node): boolean =>
  Node.isArrowFunction(node) || Node.isFunctionExpression(node) || Node.isFunctionDeclaration(node) || Node.isMethodDeclaration(node) || Node.isClassDeclaration(node) || Node.isClassExpression(node) || Node.isGetAccessorDeclaration(node) || Node.isSetAccessorDeclaration(node);
