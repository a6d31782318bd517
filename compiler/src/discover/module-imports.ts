import { Node, type ClassDeclaration } from 'ts-morph';
import { relativeFile } from '../diagnostics/location.js';
import type { ClassUse, DynamicModuleIR } from '../ir/index.js';
import { toPosix } from '../files/file-paths.js';
import { deniedByPlacement } from './class-placement.js';
import { declarationKey, notStatic, oneLine, type DiscoverContext } from './context.js';
import { dynamicModuleOf, isDynamicModuleType } from './dynamic-modules.js';
import { packageNameOf } from './packages.js';
import { className } from './refs.js';
import { resolveName } from './symbols.js';

/** What one `imports` entry is: a configured module, or a module class of the sources. */
export type ImportEntry = { readonly kind: 'dynamic'; readonly dynamic: DynamicModuleIR } | { readonly kind: 'class'; readonly use: ClassUse };

/**
 * Reads one entry of `@Module({ imports })`: a configured module (a call returning the framework's
 * `DynamicModule`, see `dynamic-modules.ts`) or a module class declared under the source directory.
 * Anything else is reported and left out: FW1012 for a module class outside the source directory
 * or a call that returns something else (the runtime only runs what the tables list, so such a
 * module's controllers would silently never exist), FW1004 for an expression that is not static.
 *
 * @example
 * importOf(ctx, parse('TodoModule'), 1, 'AppModule') // { kind: 'class', use: { key: '…/todo.module.ts#TodoModule', … } }
 */
export function importOf(ctx: DiscoverContext, element: Node, index: number, module: string): ImportEntry | undefined {
  const dynamic = dynamicModuleOf(ctx, element, index);
  if (dynamic) return { kind: 'dynamic', dynamic };
  const text = oneLine(element.getText());
  if (Node.isCallExpression(element)) {
    ctx.report('FW1012', element, {
      text,
      module,
      reason: `is a call the compiler cannot follow: its result is not a DynamicModule of @framework/core (its type is ${oneLine(element.getType().getText(element))})`,
      fix: 'import the module class itself, or declare what the call returns as `DynamicModule<Value, [typeof A, …]>` of @framework/core so the compiler can see what it provides.',
    });
    return undefined;
  }
  const declaration = Node.isIdentifier(element) || Node.isPropertyAccessExpression(element) ? resolveName(element)?.declaration : undefined;
  if (!Node.isClassDeclaration(declaration)) {
    // A module declared inside a function or as a class expression: FW1017 says so at the class.
    if (deniedByPlacement(element)) return undefined;
    return notStatic(ctx, element, 'An entry of `imports`', 'a module class or a configured module such as ThrottlerModule.forRoot(…)');
  }
  if (!ctx.inSources(declaration)) {
    ctx.report('FW1012', element, { text, module, ...outside(ctx, declaration, text, module) });
    return undefined;
  }
  return { kind: 'class', use: { key: declarationKey(declaration.getSourceFile().getFilePath(), className(declaration)), location: ctx.location(element) } };
}

/** Why a module class outside the source directory cannot be read, and what to write instead. */
function outside(ctx: DiscoverContext, cls: ClassDeclaration, text: string, module: string): { reason: string; fix: string } {
  const file = toPosix(cls.getSourceFile().getFilePath());
  // A configured form of the same class (`ThrottlerModule.forRoot`) says what it provides in its type.
  const configured = cls.getStaticMethods().find((m) => isDynamicModuleType(m.getReturnType()))?.getName();
  const instead = configured ? `import its configured form, \`${text}.${configured}(…)\`, which declares what it provides` : undefined;
  if (file.includes('/node_modules/') || cls.getSourceFile().isDeclarationFile()) {
    const pkg = packageNameOf(file) ?? 'a package';
    return {
      reason: `is a module class of ${pkg}, whose @Module the compiler cannot see (a package's type declarations do not keep decorators)`,
      fix: instead ? `${instead}.` : `list what you need from ${pkg} in the \`injectables\` of ${module}, or ask its authors for a function returning \`DynamicModule<Value, [typeof A, …]>\`.`,
    };
  }
  return {
    reason: `is declared outside the source directory (in ${relativeFile(ctx.srcDir, file)}), where the compiler does not read modules`,
    fix: `${instead ? `${instead}, or ` : ''}move the module under the source directory, or run framework-build on a directory that holds both (their common parent).`,
  };
}
