import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import type { DiscoverContext } from '../context.js';
import { isFrameworkFile } from '../packages.js';
import { resolveName } from '../symbols.js';

/**
 * FW1409: `new GrpcServer(app)` written after `app.init(…)` in the same function (or at the top
 * level of the same module). The server registers a transport, which the application refuses once
 * init has run, so this always throws at startup.
 *
 * @example
 * checkGrpcServerOrder(ctx, bootstrapFile); // reports at `new GrpcServer(app)`
 */
export function checkGrpcServerOrder(ctx: DiscoverContext, sf: SourceFile): void {
  if (!sf.getFullText().includes('GrpcServer')) return;
  for (const created of sf.getDescendantsOfKind(SyntaxKind.NewExpression)) {
    const resolved = resolveName(created.getExpression());
    if (resolved?.name !== 'GrpcServer' || !isFrameworkFile(resolved.file)) continue;
    const app = created.getArguments()[0];
    if (!app) continue;
    const scope = scopeOf(created);
    const init = scope
      .getDescendantsOfKind(SyntaxKind.CallExpression)
      .find((call) => call.getEnd() <= created.getStart() && scopeOf(call) === scope && isInitOf(call.getExpression(), app));
    if (init) {
      const { line, column } = ctx.location(init);
      ctx.report('FW1409', created, { app: app.getText(), server: created.getText(), line: String(line), column: String(column) });
    }
  }
}

/** The innermost function (or the file) a node runs in. */
function scopeOf(node: Node): Node {
  return node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a)) ?? node.getSourceFile();
}

/** `app.init` where `app` is the same variable (or, failing symbols, the same text) as the server's argument. */
function isInitOf(callee: Node, app: Node): boolean {
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'init') return false;
  const receiver = callee.getExpression();
  const a = receiver.getSymbol();
  const b = app.getSymbol();
  return a && b ? a.compilerSymbol === b.compilerSymbol : receiver.getText() === app.getText();
}
