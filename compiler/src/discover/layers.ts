import { Node, SyntaxKind, type ClassDeclaration, type SourceFile } from 'ts-morph';
import type { AppInterceptorIR, LayerOptionIR } from '../ir/index.js';
import type { DiscoverContext } from './context.js';
import { isFrameworkFile } from './packages.js';
import { className } from './refs.js';
import { resolveName, type FrameworkDecorator } from './symbols.js';

/** The decorators that only set an option a layer (an interceptor or a guard) reads. */
const OPTION_DECORATORS: ReadonlySet<string> = new Set(['Timeout', 'CacheTTL', 'Throttle', 'SkipThrottle']);

/**
 * The option decorators among a class's or method's framework decorators, with where they are
 * (FW2301-FW2303 check that a layer reads them).
 *
 * @example
 * layerOptionsOf(ctx, frameworkDecorators(method)) // [{ name: 'Timeout', text: '@Timeout(200)', location: … }]
 */
export function layerOptionsOf(ctx: DiscoverContext, decorators: readonly FrameworkDecorator[]): LayerOptionIR[] {
  return decorators
    .filter((d) => OPTION_DECORATORS.has(d.name))
    .map((d) => ({ name: d.name as LayerOptionIR['name'], text: d.node.getText().replace(/\s+/g, ' '), location: ctx.location(d.node) }));
}

/**
 * The framework classes a class is or extends, nearest first (`['TimeoutInterceptor']` for
 * `class Deadline extends TimeoutInterceptor {}`): what a layer is, whatever the user named it.
 *
 * @example
 * frameworkBasesOf(appGuardClass) // ['ThrottlerGuard', 'AuthGuard']
 */
export function frameworkBasesOf(cls: ClassDeclaration): string[] {
  const bases: string[] = [];
  for (let c: ClassDeclaration | undefined = cls, depth = 0; c && depth < 20; c = c.getBaseClass(), depth++) {
    if (isFrameworkFile(c.getSourceFile().getFilePath())) bases.push(className(c));
  }
  return bases;
}

/**
 * Every interceptor given to `app.useGlobalInterceptors(…)` in a file: the framework classes it is
 * (undefined when the compiler cannot tell its class), and whether it is given options that pick
 * which calls it acts on (`new CacheInterceptor({ key })`).
 *
 * @example
 * appInterceptorsIn(ctx, mainFile) // [{ bases: ['TimeoutInterceptor'], customKey: false, location: … }]
 */
export function appInterceptorsIn(ctx: DiscoverContext, sf: SourceFile): AppInterceptorIR[] {
  const found: AppInterceptorIR[] = [];
  if (!sf.getFullText().includes('useGlobalInterceptors')) return found;
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'useGlobalInterceptors') continue;
    const method = resolveName(callee);
    if (!method || !isFrameworkFile(method.file)) continue;
    for (const arg of call.getArguments()) {
      const cls = classOfValue(arg);
      found.push({
        ...(cls ? { bases: frameworkBasesOf(cls) } : {}),
        // A value made elsewhere (`useGlobalInterceptors(cache)`) may have any options.
        customKey: Node.isNewExpression(arg) ? hasKeyOption(arg.getArguments()[0]) : true,
        location: ctx.location(arg),
      });
    }
  }
  return found;
}

/** The class of an interceptor value: `new X(…)`, or anything whose type is an instance of a class. */
function classOfValue(arg: Node): ClassDeclaration | undefined {
  const declaration = Node.isNewExpression(arg) ? resolveName(arg.getExpression())?.declaration : arg.getType().getSymbol()?.getDeclarations()[0];
  return Node.isClassDeclaration(declaration) ? declaration : undefined;
}

/** Options that (may) set `key`: an object literal with it, or anything the compiler cannot read. */
function hasKeyOption(options: Node | undefined): boolean {
  if (!options) return false;
  if (!Node.isObjectLiteralExpression(options)) return true;
  return options.getProperties().some((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) || Node.isMethodDeclaration(p) ? p.getName() === 'key' : true));
}
