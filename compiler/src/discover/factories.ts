import { Node, type ObjectLiteralExpression, type Signature, type Type } from 'ts-morph';
import type { CtorParamIR, FactoryIR, TokenIR } from '../ir/index.js';
import { notStatic, oneLine, type DiscoverContext } from './context.js';
import { tokenOf } from './refs.js';
import { arrayElements } from './static-value.js';
import { resolveName } from './symbols.js';

/** The initialiser of property `name` of an object literal (`{ name: x }` or `{ name }`). */
export function initializerOf(object: ObjectLiteralExpression, name: string): Node | undefined {
  const p = object.getProperty(name);
  return Node.isPropertyAssignment(p) ? p.getInitializer() : Node.isShorthandPropertyAssignment(p) ? p.getNameNode() : undefined;
}

/** How a token reads in messages (analyze's `printableToken`, kept here so discover imports nothing of analyze). */
function printableTokenOf(token: TokenIR): string {
  if (token.kind === 'class' || token.kind === 'const') return token.ref.name;
  if (token.kind === 'string') return `'${token.value}'`;
  if (token.kind === 'opaque') return token.text;
  return token.kind === 'global-guard' ? 'GLOBAL_GUARD' : 'GLOBAL_INTERCEPTOR';
}

/** What a parameter of the factory accepts, from its call signature. */
interface FactoryParam {
  readonly name: string;
  readonly type: Type;
  readonly optional: boolean;
  readonly rest: boolean;
}

function parametersOf(signature: Signature, at: Node): FactoryParam[] {
  return signature.getParameters().map((symbol) => {
    const declaration = symbol.getValueDeclaration() ?? symbol.getDeclarations()[0];
    const isParam = Node.isParameterDeclaration(declaration);
    return {
      name: symbol.getName(),
      type: symbol.getTypeAtLocation(declaration ?? at),
      optional: isParam ? declaration.isOptional() || declaration.hasInitializer() : false,
      rest: isParam ? declaration.isRestParameter() : false,
    };
  });
}

const returnsPromise = (signature: Signature): boolean => {
  const returned = signature.getReturnType();
  return returned.getSymbol()?.getName() === 'Promise' || returned.getText().startsWith('Promise<');
};

/**
 * Whether the instance of a class token fits a parameter of type `wanted`. The class itself, with
 * any type arguments (`ConfigService<EnvSchema>` for the token `ConfigService`), always fits: type
 * arguments do not exist at run time.
 */
function fitsParameter(element: Node, wanted: Type, checker: { isTypeAssignableTo(a: unknown, b: unknown): boolean }): boolean {
  if (!Node.isIdentifier(element) && !Node.isPropertyAccessExpression(element)) return true;
  const declaration = resolveName(element)?.declaration;
  if (!Node.isClassDeclaration(declaration)) return true;
  if (wanted.getSymbol()?.getDeclarations()[0] === declaration) return true;
  return checker.isTypeAssignableTo(declaration.getType().compilerType, wanted.compilerType);
}

/**
 * Reads `{ token, useFactory, inject }`: one dependency per `inject` element, checked against the
 * factory's parameters here, where the type checker is at hand: FW2001 when the counts disagree,
 * FW2002 when a class token's instance is not assignable to its parameter, FW2006 when
 * `useFactory` is not a function. `owner` names the entry in messages.
 *
 * @example
 * factoryOf(ctx, entryObject, useFactoryNode, "'CLOCK'") // { inject: [{ token: ConfigService, role: 'inject', … }], async: false }
 */
export function factoryOf(ctx: DiscoverContext, object: ObjectLiteralExpression, factory: Node, owner: string): FactoryIR | undefined {
  const signature = factory.getType().getCallSignatures()[0];
  if (!signature) {
    ctx.report('FW2006', factory, { owner, text: oneLine(factory.getText()), type: factory.getType().getText(factory) });
    return undefined;
  }
  const injectNode = initializerOf(object, 'inject');
  const elements = injectNode ? arrayElements(injectNode) : [];
  if (!elements) return notStatic(ctx, injectNode!, 'The `inject` of a factory provider', 'an array literal of tokens');
  const params = parametersOf(signature, factory);
  const rest = params.some((p) => p.rest);
  const required = params.filter((p) => !p.optional && !p.rest).length;
  if (elements.length < required || (!rest && elements.length > params.length)) {
    ctx.report('FW2001', injectNode ?? factory, {
      owner,
      params: rest ? `at least ${required}` : required === params.length ? String(params.length) : `${required} to ${params.length}`,
      names: params.map((p) => p.name).join(', ') || 'none',
      count: String(elements.length),
    });
  }
  const checker = factory.getProject().getTypeChecker().compilerObject;
  const inject = elements.map((element, index): CtorParamIR => {
    const param = params[Math.min(index, params.length - 1)];
    const token: TokenIR = tokenOf(ctx, element);
    if (param && !param.rest && !fitsParameter(element, param.type, checker)) {
      ctx.report('FW2002', element, { owner, index: String(index), token: printableTokenOf(token), param: param.name, type: param.type.getText(factory) });
    }
    return {
      name: param && index < params.length ? param.name : `inject[${index}]`,
      index,
      typeText: param ? param.type.getText(factory) : 'unknown',
      token,
      typeIsToken: false,
      location: ctx.location(element),
      role: 'inject',
    };
  });
  return { inject, async: returnsPromise(signature) };
}

/**
 * Reads the target of `{ token, useExisting: Other }` as a dependency of the alias.
 *
 * @example
 * existingOf(ctx, useExistingNode) // { token: { kind: 'class', ref: TodoService }, role: 'existing', … }
 */
export function existingOf(ctx: DiscoverContext, target: Node): CtorParamIR {
  const token = tokenOf(ctx, target);
  return { name: 'useExisting', index: 0, typeText: printableTokenOf(token), token, typeIsToken: false, location: ctx.location(target), role: 'existing' };
}
