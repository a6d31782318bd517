import { Node, SyntaxKind, type ClassDeclaration, type ParameterDeclaration } from 'ts-morph';
import type { ClassIR, CtorParamIR } from '../ir/index.js';
import { chainOf } from './chain.js';
import { notStatic, type DiscoverContext } from './context.js';
import { checkControllerMarkers, type FamilyMarker } from './controller-markers.js';
import { families } from './families/index.js';
import { classOfType, className, tokenOf, valueRef } from './refs.js';
import { evaluate } from './static-value.js';
import { frameworkBasesOf } from './layers.js';
import { checkConstructorParameter } from './misplaced-decorators.js';
import { frameworkDecorators, resolveName } from './symbols.js';
import { unresolvedImportOf } from './unresolved-import.js';

/**
 * Reads one class that may become a provider: its scope, its constructor's dependencies, its
 * controller (if a family's class decorator marks it; FW1011/FW1206/FW1414 for mixed families, see
 * `controller-markers.ts`) and V1 guard code (`context.request`).
 *
 * @example
 * discoverClass(ctx, todoControllerClass).ctorParams[0].token // { kind: 'class', ref: TodoService }
 */
export function discoverClass(ctx: DiscoverContext, cls: ClassDeclaration, usage?: Node): ClassIR {
  const ref = valueRef(ctx, cls, className(cls), usage);
  const known = ctx.classes.get(ref.key);
  if (known) return known;
  const decorators = frameworkDecorators(cls);
  const injectable = decorators.find((d) => d.name === 'Injectable');
  let requestScoped = false;
  if (injectable?.args[0]) {
    const options = evaluate(injectable.args[0]);
    if (!options.ok) notStatic(ctx, options.culprit, 'The options of @Injectable', 'an object literal like { scope: SCOPE.REQUEST }');
    else requestScoped = typeof options.value === 'object' && options.value !== null && (options.value as { scope?: unknown }).scope === 'request';
  }
  const markers: FamilyMarker[] = families.flatMap((family) => {
    const marker = decorators.find((d) => d.name === family.classDecorator);
    return marker ? [{ family, marker }] : [];
  });
  checkControllerMarkers(ctx, cls, markers);
  // With two families (FW1011) the last one is kept, as before; nothing is emitted on an error.
  const chosen = markers.at(-1);
  const controller = chosen?.family.discover(ctx, cls, chosen.marker, chainOf(ctx, decorators));
  const inSources = ctx.inSources(cls);
  const ir: ClassIR = {
    ref,
    location: ctx.location(cls),
    nameLocation: ctx.location(cls.getNameNode() ?? cls),
    inSources,
    abstract: cls.isAbstract(),
    requestScoped,
    ctorParams: injectedParameters(constructorParameters(cls).map((p, index) => ctorParam(ctx, p, index)), cls),
    methods: methodNames(cls),
    frameworkBases: frameworkBasesOf(cls),
    readsContextRequest: inSources ? contextRequestReads(ctx, cls) : [],
    ...(controller ? { controller } : {}),
  };
  ctx.classes.set(ref.key, ir);
  return ir;
}

/** Instance methods of the class and its bases, and properties holding functions. */
function methodNames(cls: ClassDeclaration): string[] {
  return cls
    .getType()
    .getProperties()
    .filter((symbol) => {
      const declaration = symbol.getValueDeclaration() ?? symbol.getDeclarations()[0];
      if (Node.isMethodDeclaration(declaration) || Node.isMethodSignature(declaration)) return true;
      return declaration !== undefined && symbol.getTypeAtLocation(declaration).getCallSignatures().length > 0;
    })
    .map((symbol) => symbol.getName());
}

/** The parameters of the class's constructor, or of the nearest base class that declares one. */
function constructorParameters(cls: ClassDeclaration): ParameterDeclaration[] {
  for (let c: ClassDeclaration | undefined = cls, depth = 0; c && depth < 20; c = c.getBaseClass(), depth++) {
    const ctor = c.getConstructors()[0];
    if (ctor) return ctor.getParameters();
  }
  return [];
}

/**
 * The constructor parameters the injector passes: trailing optional parameters that cannot be a
 * token (`options: TimeoutOptions = {}`) are left out, so their default applies, as NestJS's
 * `@Optional()` would; a class-typed or `@Inject` one is still injected.
 */
function injectedParameters(params: CtorParamIR[], cls: ClassDeclaration): CtorParamIR[] {
  const declared = constructorParameters(cls);
  let end = params.length;
  // A rest parameter counts as optional, but leaving it out would inject nothing without a word: it stays, for FW1006.
  while (end > 0 && !params[end - 1]!.token && declared[end - 1]!.isOptional() && !declared[end - 1]!.isRestParameter()) end--;
  return params.slice(0, end);
}

function ctorParam(ctx: DiscoverContext, p: ParameterDeclaration, index: number): CtorParamIR {
  const typeNode = p.getTypeNode();
  const typeText = typeNode?.getText() ?? p.getType().getText(p);
  const base = { name: p.getName(), index, typeText, location: ctx.location(p.getNameNode()) };
  const typeClass = classOfType(ctx, typeNode);
  checkConstructorParameter(ctx, p);
  const inject = frameworkDecorators(p).find((d) => d.name === 'Inject');
  const injectArg = inject?.args[0];
  if (injectArg) {
    const token = tokenOf(ctx, injectArg);
    return { ...base, token, typeIsToken: token.kind === 'class' && token.ref.key === typeClass?.ref.key };
  }
  if (typeClass) return { ...base, token: { kind: 'class', ref: typeClass.ref }, typeIsToken: true };
  // `config: ConfigService<EnvSchema>`: the class is the token; the emitted cast goes through
  // ConstructorParameters, which keeps the type arguments.
  const genericClass = genericClassOfType(ctx, typeNode);
  if (genericClass) return { ...base, token: { kind: 'class', ref: genericClass }, typeIsToken: false };
  return { ...base, typeIsToken: false, problem: whyNotToken(p) };
}

/** The class of a type reference with type arguments (`Repository<Todo>`), when it names a class. */
function genericClassOfType(ctx: DiscoverContext, typeNode: Node | undefined) {
  if (!Node.isTypeReference(typeNode) || typeNode.getTypeArguments().length === 0) return undefined;
  const nameNode = typeNode.getTypeName();
  const declaration = resolveName(nameNode)?.declaration;
  return Node.isClassDeclaration(declaration) ? valueRef(ctx, declaration, className(declaration), nameNode) : undefined;
}

function whyNotToken(p: ParameterDeclaration): string {
  if (p.isRestParameter()) return 'a rest parameter collects no one dependency: declare each as its own parameter';
  const typeNode = p.getTypeNode();
  if (!typeNode) return 'it has no type annotation';
  const from = Node.isTypeReference(typeNode) ? unresolvedImportOf(typeNode.getTypeName()) : undefined;
  if (from !== undefined) return `${typeNode.getText()} is imported from '${from}', which is no file of the project: fix that import`;
  const type = p.getType();
  if (type.isAny() || type.isUnknown()) return `${type.getText()} says nothing about what to inject`;
  if (type.isString() || type.isNumber() || type.isBoolean() || type.isLiteral() || type.isBooleanLiteral() || type.isEnum() || type.getText() === 'bigint' || type.getText() === 'symbol') {
    return 'a primitive type';
  }
  if (type.isUnion()) return 'a union type';
  if (type.isInterface()) return 'an interface exists only at compile time';
  if (Node.isTypeReference(typeNode) && typeNode.getTypeArguments().length > 0) return 'a generic type has no single class at run time';
  return 'only a class type exists at run time';
}

/**
 * Where `canActivate(context)` reads `context.request` (V1 syntax): property and element access and
 * destructuring of the first parameter.
 */
function contextRequestReads(ctx: DiscoverContext, cls: ClassDeclaration): ClassIR['readsContextRequest'] {
  const method = cls.getMethod('canActivate');
  const param = method?.getParameters()[0];
  if (!method || !param) return [];
  const nameNode = param.getNameNode();
  if (Node.isObjectBindingPattern(nameNode)) {
    return nameNode
      .getElements()
      .filter((e) => (e.getPropertyNameNode()?.getText() ?? e.getName()) === 'request')
      .map((e) => ({ param: 'context', location: ctx.location(e) }));
  }
  const name = nameNode.getText();
  const isParam = (node: Node): boolean => {
    // `(context as V1Context).request` counts too.
    while (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isNonNullExpression(node)) node = node.getExpression();
    return Node.isIdentifier(node) && node.getSymbol()?.getDeclarations()[0] === param;
  };
  const found: ClassIR['readsContextRequest'][number][] = [];
  method.forEachDescendant((node) => {
    if (Node.isPropertyAccessExpression(node) && node.getName() === 'request' && isParam(node.getExpression())) {
      found.push({ param: name, location: ctx.location(node) });
    } else if (Node.isElementAccessExpression(node) && node.getArgumentExpression()?.getText().slice(1, -1) === 'request' && isParam(node.getExpression())) {
      found.push({ param: name, location: ctx.location(node) });
    } else if (Node.isVariableDeclaration(node) && node.getInitializer() && isParam(node.getInitializerOrThrow())) {
      const binding = node.getNameNode();
      if (binding.isKind(SyntaxKind.ObjectBindingPattern)) {
        for (const e of binding.getElements()) {
          if ((e.getPropertyNameNode()?.getText() ?? e.getName()) === 'request') found.push({ param: name, location: ctx.location(e) });
        }
      }
    }
  });
  return found;
}
