import { Node, type Type } from 'ts-morph';
import type { ClassUse, DynamicModuleIR } from '../ir/index.js';
import { declarationKey, type DiscoverContext } from './context.js';
import { isFrameworkFile } from './packages.js';
import { className, valueRef } from './refs.js';
import { configSchemaOf, configSchemaValueOf } from './config.js';
import { throttlersOf } from './throttle.js';

/**
 * Reads an `imports` entry whose type is the framework's `DynamicModule<Value, Injectables>`
 * (`ThrottlerModule.forRoot(…)`, `JwtModule.forRoot(…)`): the class of `Value` becomes a provider
 * token, and each `typeof X` of the `Injectables` tuple a provided class. Package authors declare
 * this in the method's signature, so nothing has to run at build time.
 *
 * @example
 * dynamicModuleOf(ctx, parse('ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }])'), 0)
 * // { index: 0, value: ThrottlerConfig, injectables: [], … }
 */
export function dynamicModuleOf(ctx: DiscoverContext, element: Node, index: number): DynamicModuleIR | undefined {
  const type = element.getType();
  if (!isDynamicModuleType(type)) return undefined;
  const [valueType, injectablesType] = type.getTypeArguments().length > 0 ? type.getTypeArguments() : type.getAliasTypeArguments();
  const location = ctx.location(element);
  const valueClass = classOf(valueType);
  const injectables: ClassUse[] = [];
  for (const member of injectablesType?.isTuple() ? injectablesType.getTupleElements() : []) {
    const cls = classOf(member);
    if (cls) injectables.push({ key: ctx.enqueue(cls, declarationKey(cls.getSourceFile().getFilePath(), className(cls))), location });
  }
  const throttlers = throttlersOf(ctx, element);
  const isConfig = valueClass?.getName() === 'ConfigService' && isFrameworkFile(valueClass.getSourceFile().getFilePath());
  const config = isConfig ? configSchemaOf(ctx, element) : undefined;
  const configValue = isConfig && !config ? configSchemaValueOf(ctx, element) : undefined;
  return {
    index,
    text: element.getText(),
    location,
    ...(valueClass ? { value: valueRef(ctx, valueClass, className(valueClass)) } : {}),
    injectables,
    ...(throttlers ? { throttlers } : {}),
    ...(config ? { config } : {}),
    ...(configValue ? { configSchemaValue: configValue } : {}),
  };
}

/**
 * Whether a type is the framework's `DynamicModule<…>` (by symbol, declared in a framework package).
 *
 * @example
 * isDynamicModuleType(parse('ThrottlerModule.forRoot([])').getType()) // true
 */
export function isDynamicModuleType(type: Type): boolean {
  const symbol = type.getSymbol() ?? type.getAliasSymbol();
  const declaration = symbol?.getDeclarations()[0];
  return symbol?.getName() === 'DynamicModule' && declaration !== undefined && isFrameworkFile(declaration.getSourceFile().getFilePath());
}

/** The class declaration behind an instance type (`ThrottlerConfig`) or a constructor type (`typeof JwtService`). */
function classOf(type: Type | undefined) {
  const declaration = type?.getSymbol()?.getDeclarations()[0];
  return Node.isClassDeclaration(declaration) ? declaration : undefined;
}
