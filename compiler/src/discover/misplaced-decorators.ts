import { Node, SyntaxKind, ts, type ClassDeclaration, type MethodDeclaration, type ParameterDeclaration } from 'ts-morph';
import type { DiscoverContext } from './context.js';
import { families } from './families/index.js';
import { memberName } from './member-name.js';
import { frameworkDecorators } from './symbols.js';

/**
 * Route and RPC decorators on controller members that are not method implementations: a getter,
 * a setter, a property (an arrow function included) or an overload signature. Each family reads
 * handlers from method implementations only, so without this check the route would be dropped
 * without a word (tsc flags some of these, not the getter). Reported as FW1008, at the decorator.
 * A parameter decorator on a member (`@UploadedFile('f') f!: File`) is FW1210, as on a constructor
 * parameter ({@link checkConstructorParameter}).
 *
 * @example
 * // @Get('/value') get value(): string { … }
 * checkMisplacedHandlers(ctx, cls); // FW1008: Handler C.value is a getter; …
 */
export function checkMisplacedHandlers(ctx: DiscoverContext, cls: ClassDeclaration): void {
  // A declared class has bodiless methods everywhere; FW1015 says what is wrong with it.
  if (cls.hasDeclareKeyword()) return;
  const handlerDecorators = new Set(families.flatMap((f) => f.handlerDecorators));
  const members: { node: Node; why: string }[] = [
    ...cls.getGetAccessors().map((node) => ({ node, why: 'a getter' })),
    ...cls.getSetAccessors().map((node) => ({ node, why: 'a setter' })),
    ...cls.getProperties().map((node) => ({ node, why: 'a property, not a method' })),
    ...overloadSignatures(cls).map((node) => ({ node, why: 'an overload signature' })),
  ];
  const owner = cls.getName() ?? 'default';
  for (const { node, why } of members) {
    for (const d of frameworkDecorators(node)) {
      if (!handlerDecorators.has(d.name)) continue;
      ctx.report('FW1008', d.node, { handler: `${owner}.${memberNameOf(node)}`, why: `${why} (@${d.name} routes only a method implementation)` });
    }
  }
  const kinds: { node: Node; kind: string }[] = [
    ...cls.getProperties().map((node) => ({ node, kind: 'a property' })),
    ...cls.getMethods().map((node) => ({ node, kind: 'a method' })),
    ...cls.getGetAccessors().map((node) => ({ node, kind: 'a getter' })),
    ...cls.getSetAccessors().map((node) => ({ node, kind: 'a setter' })),
  ];
  for (const { node, kind } of kinds) {
    for (const d of frameworkDecorators(node)) {
      if (!PARAMETER_DECORATORS.has(d.name)) continue;
      ctx.report('FW1210', d.node, { decorator: `@${d.name}`, member: `${owner}.${memberNameOf(node)}`, kind });
    }
  }
}

/**
 * The framework's parameter decorators. On a member they are ignored by discovery (and by the
 * runtime), so the value they name never reaches the handler: FW1210.
 */
const PARAMETER_DECORATORS: ReadonlySet<string> = new Set([
  'Req', 'Body', 'Query', 'Param', 'Header', 'Cookie', 'Ctx', 'Messages', 'Form', 'UploadedFile', 'UploadedFiles',
  'GrpcPayload', 'GrpcStream', 'GrpcMetadata',
]);

/**
 * FW1210 for a request parameter decorator on a constructor parameter (`constructor(@Param('id') id: string)`):
 * a constructor runs once, before any request, and receives its dependencies (by type or `@Inject`),
 * so the decorator would be ignored and the parameter injected as if it were not there.
 *
 * @example
 * checkConstructorParameter(ctx, param); // FW1210: @Param … decorates a constructor parameter, C.constructor(id)
 */
export function checkConstructorParameter(ctx: DiscoverContext, parameter: ParameterDeclaration): void {
  const owner = parameter.getFirstAncestorByKind(SyntaxKind.ClassDeclaration)?.getName() ?? 'default';
  for (const d of frameworkDecorators(parameter)) {
    if (!PARAMETER_DECORATORS.has(d.name)) continue;
    ctx.report('FW1210', d.node, { decorator: `@${d.name}`, member: `${owner}.constructor(${parameter.getName()})`, kind: 'a constructor parameter' });
  }
}

/**
 * The overload signatures of the class's methods. `getOverloads()` scans the class's members for
 * each method (quadratic in a controller of thousands of routes): only the methods named by a
 * bodiless member are asked.
 */
function overloadSignatures(cls: ClassDeclaration): MethodDeclaration[] {
  const overloaded = new Set(cls.compilerNode.members.flatMap((m) => (ts.isMethodDeclaration(m) && m.body === undefined ? [m.name.getText()] : [])));
  if (overloaded.size === 0) return [];
  return cls.getMethods().filter((method) => overloaded.has(method.getNameNode().getText())).flatMap((method) => method.getOverloads());
}

/** The member's run-time name where it is static, else its name as written. */
function memberNameOf(node: Node): string {
  // Accessors and overloads have the same name node as the methods and properties memberName reads.
  const named = node as Parameters<typeof memberName>[0];
  return memberName(named) ?? named.getName();
}

/**
 * A framework-decorated class declared with `declare` (`export declare class C {}`) has no value
 * at run time: the tables would import `undefined` and the application would stop at start-up.
 * FW1015, at the class name.
 *
 * @example
 * checkDeclaredClass(ctx, cls, '@Controller'); // FW1015
 */
export function checkDeclaredClass(ctx: DiscoverContext, cls: ClassDeclaration, decorator: string): void {
  if (!cls.hasDeclareKeyword()) return;
  ctx.report('FW1015', cls.getNameNode() ?? cls, { name: cls.getName() ?? 'default', decorator });
}
