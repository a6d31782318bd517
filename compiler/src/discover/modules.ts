import { Node, type ClassDeclaration, type ObjectLiteralExpression } from 'ts-morph';
import type { ClassUse, DynamicModuleIR, InjectableIR, ModuleIR, ProvidedValueIR } from '../ir/index.js';
import { notStatic, oneLine, type DiscoverContext } from './context.js';
import { deniedByPlacement } from './class-placement.js';
import { existingOf, factoryOf, initializerOf } from './factories.js';
import { importOf } from './module-imports.js';
import { classUse, className, tokenOf, valueRef } from './refs.js';
import { arrayElements, unwrap } from './static-value.js';
import { resolveName, type FrameworkDecorator } from './symbols.js';

const INJECTABLE_SHAPES = 'a class, { token, useClass }, { token, useValue }, { token, useFactory, inject } or { token, useExisting }';

/** The properties that give an entry's value other than `useClass`. */
const VALUE_PROPERTIES = ['useValue', 'useFactory', 'useExisting'] as const;

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
    const entry = importOf(ctx, element, index, ref.name);
    if (entry?.kind === 'dynamic') module.dynamicModules.push(entry.dynamic);
    else if (entry) module.imports.push(entry.use);
  });
  for (const element of list(ctx, options, 'controllers')) {
    const use = classUse(ctx, element);
    if (use) module.controllers.push(use);
    // A controller declared inside a function or as a class expression: FW1017 says so at the class.
    else if (!deniedByPlacement(element)) notStatic(ctx, element, 'An entry of `controllers`', 'a controller class');
  }
  list(ctx, options, 'injectables').forEach((element, index) => {
    const entry = injectableOf(ctx, element, index);
    if (entry === REPORTED) return;
    if (entry) module.injectables.push(entry);
    else if (!deniedByPlacement(element)) notStatic(ctx, element, 'An entry of `injectables`', INJECTABLE_SHAPES);
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

/** An entry whose problem is reported inside it (its `useClass`): the entry needs no diagnostic of its own. */
const REPORTED = Symbol('reported');

function injectableOf(ctx: DiscoverContext, element: Node, index: number): InjectableIR | typeof REPORTED | undefined {
  const location = ctx.location(element);
  const cls = classUse(ctx, element);
  if (cls) return { kind: 'class', index, cls, location };
  const object = unwrap(element);
  if (!Node.isObjectLiteralExpression(object)) return undefined;
  const initializer = (name: string): Node | undefined => initializerOf(object, name);
  const tokenNode = initializer('token');
  if (!tokenNode) return undefined;
  const token = tokenOf(ctx, tokenNode);
  const useClass = initializer('useClass');
  if (useClass) {
    const target = classUse(ctx, useClass);
    if (!target) {
      // A class declared inside a function or as a class expression: FW1017 says so at the class.
      if (!deniedByPlacement(useClass)) notStatic(ctx, useClass, 'The `useClass` of an injectable', 'a class name');
      return REPORTED;
    }
    return { kind: 'useClass', index, token, cls: target, location };
  }
  const value = providedValue(ctx, object);
  if (value?.property === 'useValue') return { kind: 'useValue', index, token, location, value };
  // The global guard slot is filled from `useClass` only: such an entry is kept, so that FW1303 can
  // say to write `useClass`.
  if (value && token.kind === 'global-guard') return { kind: 'unsupported', index, token, location, value };
  const owner = oneLine(tokenNode.getText());
  if (value?.property === 'useFactory') {
    const factory = factoryOf(ctx, object, initializer('useFactory')!, owner);
    // Reported already (FW2006, FW1004): provide nothing rather than a wrong call.
    return factory ? { kind: 'useFactory', index, token, location, value, factory } : { kind: 'unsupported', index, token, location, value };
  }
  if (value?.property === 'useExisting') return { kind: 'useExisting', index, token, location, value, target: existingOf(ctx, initializer('useExisting')!) };
  return undefined;
}

function providedValue(ctx: DiscoverContext, object: ObjectLiteralExpression): ProvidedValueIR | undefined {
  for (const property of VALUE_PROPERTIES) {
    const node = object.getProperty(property);
    if (!node) continue;
    const value = Node.isPropertyAssignment(node) ? node.getInitializer() : Node.isShorthandPropertyAssignment(node) ? node.getNameNode() : undefined;
    const cls = value ? evidentClass(property, value) : undefined;
    return { property, text: oneLine(node.getText()), ...(cls ? { className: cls } : {}), location: ctx.location(node) };
  }
  return undefined;
}

/** The class a value evidently is, as written: `new AuthGuard()`, `() => new AuthGuard()`, `useExisting: AuthGuard`. */
function evidentClass(property: (typeof VALUE_PROPERTIES)[number], value: Node): string | undefined {
  let node = value;
  if (property === 'useFactory' && Node.isArrowFunction(node)) node = node.getBody();
  while (Node.isParenthesizedExpression(node) || Node.isAsExpression(node)) node = node.getExpression();
  if (Node.isNewExpression(node)) node = node.getExpression();
  else if (property !== 'useExisting') return undefined;
  if (!Node.isIdentifier(node) && !Node.isPropertyAccessExpression(node)) return undefined;
  return Node.isClassDeclaration(resolveName(node)?.declaration) ? node.getText() : undefined;
}
