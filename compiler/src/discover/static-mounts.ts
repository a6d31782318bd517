import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import type { StaticMountIR } from '../ir/index.js';
import type { DiscoverContext } from './context.js';
import { isFrameworkFile } from './packages.js';
import { resolveName } from './symbols.js';

/**
 * Every `app.serveStatic('<prefix>', …)` of a file whose prefix is a string literal, on the
 * framework's application (an aliased or subclassed one too): what FW2313 checks against the
 * routes. A prefix computed at run time is checked by `init` instead.
 *
 * @example
 * staticMountsIn(ctx, bootstrapFile) // [{ prefix: '/assets', location: … }]
 */
export function staticMountsIn(ctx: DiscoverContext, sf: SourceFile): StaticMountIR[] {
  const found: StaticMountIR[] = [];
  if (!sf.getFullText().includes('serveStatic')) return found;
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'serveStatic') continue;
    const prefix = call.getArguments()[0];
    if (!Node.isStringLiteral(prefix) && !Node.isNoSubstitutionTemplateLiteral(prefix)) continue;
    const method = resolveName(callee);
    if (!method || !isFrameworkFile(method.file)) continue;
    found.push({ prefix: `/${prefix.getLiteralText()}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'), location: ctx.location(prefix) });
  }
  return found;
}
