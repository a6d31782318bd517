import { Node, type ClassDeclaration } from 'ts-morph';
import type { ClassUse, DynamicModuleIR, InjectableIR, ModuleIR } from '../ir/types.js';
import { notStatic } from './chain.js';
import { declarationKey, type DiscoverContext } from './context.js';
import { dynamicModuleOf } from './dynamic-modules.js';
import { classUse, className, tokenOf, valueRef } from './refs.js';
import { arrayElements, unwrap } from './static-value.js';
import { resolveName, type FrameworkDecorator } from './symbols.js';

const INJECTABLE_SHAPES = 'a class, { token, useClass } or { token, useValue }';

/**
 * Reads `@Module({ controllers, imports, injectables })`. Entries keep their index in the array the
 * decorator receives, because generated tables refer to `useValue`s and opaque tokens by it.
 *
 * @example
 * discoverModule(ctx, appModuleClass, moduleDecorator).imports // [{ key: '…/todo.module.ts#TodoModule', … }]
 */
export function discoverModule(ctx: DiscoverContext, cls: ClassDeclaration, decorator: FrameworkDecorator): ModuleIR {
  const ref = valueRef(ctx, cls, className(cls));
  const module = {
    key: ref.key,
    ref,
    location: ctx.location(cls),
    nameLocation: ctx.location(cls.getNameNode() ?? cls),
    imports: [] as ClassUse[],
    dynamicModules: [] as DynamicModuleIR[],
    dynamicImports: [] as { text: string; location: ModuleIR['location'] }[],
    controllers: [] as ClassUse[],
    injectables: [] as InjectableIR[],
  };
  const arg = decorator.args[0];
  if (!arg) return module;
  const options = unwrap(arg);
  if (!Node.isObjectLiteralExpression(options)) {
    notStatic(ctx, arg, 'The argument of @Module', 'an object literal { controllers, imports, injectables }');
    return module;
  }
  list(ctx, options, 'imports').forEach((element, index) => {
    const dynamic = dynamicModuleOf(ctx, element, index);
    const use = dynamic ? undefined : moduleUse(ctx, element);
    if (dynamic) module.dynamicModules.push(dynamic);
    else if (use === 'dynamic') module.dynamicImports.push({ text: element.getText(), location: ctx.location(element) });
    else if (use) module.imports.push(use);
    else notStatic(ctx, element, 'An entry of `imports`', 'a module class or a configured module such as ThrottlerModule.forRoot(…)');
  });
  for (const element of list(ctx, options, 'controllers')) {
    const use = classUse(ctx, element);
    if (use) module.controllers.push(use);
    else notStatic(ctx, element, 'An entry of `controllers`', 'a controller class');
  }
  list(ctx, options, 'injectables').forEach((element, index) => {
    const entry = injectableOf(ctx, element, index);
    if (entry) module.injectables.push(entry);
    else notStatic(ctx, element, 'An entry of `injectables`', INJECTABLE_SHAPES);
  });
  return module;
}

/** The elements of option `name`, or [] (with FW1004 when present but not a static array). */
function list(ctx: DiscoverContext, options: Node, name: string): Node[] {
  if (!Node.isObjectLiteralExpression(options)) return [];
  const property = options.getProperty(name);
  if (!property) return [];
  const value = Node.isPropertyAssignment(property) ? property.getInitializer() : Node.isShorthandPropertyAssignment(property) ? property.getNameNode() : undefined;
  const elements = value ? arrayElements(value) : undefined;
  if (!elements) {
    notStatic(ctx, value ?? property, `The \`${name}\` of @Module`, 'an array literal');
    return [];
  }
  return elements;
}

/** A module class of the sources, `'dynamic'` for what the compiler does not model yet, else undefined. */
function moduleUse(ctx: DiscoverContext, element: Node): ClassUse | 'dynamic' | undefined {
  if (Node.isCallExpression(element)) return 'dynamic';
  if (!Node.isIdentifier(element) && !Node.isPropertyAccessExpression(element)) return undefined;
  const declaration = resolveName(element)?.declaration;
  if (!Node.isClassDeclaration(declaration)) return undefined;
  if (!ctx.inSources(declaration)) return 'dynamic';
  return { key: declarationKey(declaration.getSourceFile().getFilePath(), className(declaration)), location: ctx.location(element) };
}

function injectableOf(ctx: DiscoverContext, element: Node, index: number): InjectableIR | undefined {
  const location = ctx.location(element);
  const cls = classUse(ctx, element);
  if (cls) return { kind: 'class', index, cls, location };
  const object = unwrap(element);
  if (!Node.isObjectLiteralExpression(object)) return undefined;
  const initializer = (name: string): Node | undefined => {
    const p = object.getProperty(name);
    return Node.isPropertyAssignment(p) ? p.getInitializer() : Node.isShorthandPropertyAssignment(p) ? p.getNameNode() : undefined;
  };
  const tokenNode = initializer('token');
  if (!tokenNode) return undefined;
  const token = tokenOf(ctx, tokenNode);
  const useClass = initializer('useClass');
  if (useClass) {
    const target = classUse(ctx, useClass);
    if (!target) return notStatic(ctx, useClass, 'The `useClass` of an injectable', 'a class name');
    return { kind: 'useClass', index, token, cls: target, location };
  }
  if (object.getProperty('useValue')) return { kind: 'useValue', index, token, location };
  return undefined;
}
