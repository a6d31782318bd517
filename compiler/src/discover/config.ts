import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import type { ConfigReadIR, ConfigSchemaIR, RuleValue, SchemaIR } from '../ir/index.js';
import { declarationKey, type DiscoverContext } from './context.js';
import { discoverDto } from './dtos.js';
import { isFrameworkFile } from './packages.js';
import { className, valueRef } from './refs.js';
import { evaluate } from './static-value.js';
import { schemaOf } from './standard-schema.js';
import { resolveName } from './symbols.js';

/**
 * The schema class given to `ConfigModule.forRoot(Schema)` (a dynamic module whose value is the
 * framework's `ConfigService`): its members with their rules, and each member's default (its
 * initialiser) when it is static.
 *
 * @example
 * configSchemaOf(ctx, parse('ConfigModule.forRoot(EnvSchema)')) // { dto: { ref: EnvSchema, members: [PORT, …] }, defaults: { PORT: 3000, … } }
 */
export function configSchemaOf(ctx: DiscoverContext, element: Node): ConfigSchemaIR | undefined {
  if (!Node.isCallExpression(element)) return undefined;
  const arg = element.getArguments()[0];
  const declaration = arg && (Node.isIdentifier(arg) || Node.isPropertyAccessExpression(arg)) ? resolveName(arg)?.declaration : undefined;
  if (!arg || !Node.isClassDeclaration(declaration)) return undefined;
  const dto = discoverDto(ctx, declaration, valueRef(ctx, declaration, className(declaration), arg));
  const defaults: Record<string, RuleValue> = {};
  const definite: Record<string, string> = {};
  for (const property of declaration.getInstanceProperties()) {
    if (!Node.isPropertyDeclaration(property)) continue;
    const init = property.getInitializer();
    const value = init && evaluate(init);
    if (value?.ok) defaults[property.getName()] = value.value;
    const type = property.getType();
    const mayBeUndefined = property.hasQuestionToken() || type.isAny() || type.isUnknown() || (type.isUnion() && type.getUnionTypes().some((t) => t.isUndefined()));
    if (!init && !mayBeUndefined) definite[property.getName()] = property.getTypeNode()?.getText() ?? type.getText(property);
  }
  return { dto, defaults, definite, location: ctx.location(arg) };
}

/**
 * The Standard Schema value given to `ConfigModule.forRoot(EnvSchema)` in place of a class (FW2501
 * when it is not a module-level const's name, FW2502 when it is not a Standard Schema).
 *
 * @example
 * configSchemaValueOf(ctx, parse('ConfigModule.forRoot(Env)')) // { ref: Env, outputKeys: ['PORT', 'JWT_SECRET'], … }
 */
export function configSchemaValueOf(ctx: DiscoverContext, element: Node): SchemaIR | undefined {
  const arg = Node.isCallExpression(element) ? element.getArguments()[0] : undefined;
  return arg ? schemaOf(ctx, arg, 'ConfigModule.forRoot')?.ir : undefined;
}

/**
 * The schema classes given to the framework's `loadConfig(Schema)` in a file (code that reads the
 * configuration before `init`), each as `configSchemaOf` reads one of `ConfigModule.forRoot`.
 *
 * @example
 * configLoadsIn(ctx, bootstrapFile) // [{ dto: { ref: EnvSchema, … }, defaults: { PORT: 3000 }, … }]
 */
export function configLoadsIn(ctx: DiscoverContext, sf: SourceFile): ConfigSchemaIR[] {
  if (!sf.getFullText().includes('loadConfig')) return [];
  const schemas: ConfigSchemaIR[] = [];
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!(Node.isIdentifier(callee) || Node.isPropertyAccessExpression(callee)) || !callee.getText().endsWith('loadConfig')) continue;
    const resolved = resolveName(callee);
    if (resolved?.name !== 'loadConfig' || !isFrameworkFile(resolved.file)) continue;
    const schema = configSchemaOf(ctx, call);
    if (schema) schemas.push(schema);
  }
  return schemas;
}

/**
 * Every `config.get('KEY')` with a literal key on a `ConfigService` in a file, with the schema
 * class of its type argument when it has one (`ConfigService<EnvSchema>`).
 *
 * @example
 * configReadsIn(ctx, usersServiceFile) // [{ key: 'DEMO_PASSWORD', schema: '…/env.schema.ts#EnvSchema', location: … }]
 */
export function configReadsIn(ctx: DiscoverContext, sf: SourceFile): ConfigReadIR[] {
  if (!sf.getFullText().includes('ConfigService')) return [];
  const reads: ConfigReadIR[] = [];
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    const key = call.getArguments()[0];
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'get' || !(Node.isStringLiteral(key) || Node.isNoSubstitutionTemplateLiteral(key))) continue;
    const type = callee.getExpression().getType();
    const declaration = type.getSymbol()?.getDeclarations()[0];
    if (!Node.isClassDeclaration(declaration) || declaration.getName() !== 'ConfigService' || !isFrameworkFile(declaration.getSourceFile().getFilePath())) continue;
    const schema = type.getTypeArguments()[0]?.getSymbol()?.getDeclarations()[0];
    reads.push({
      key: key.getLiteralValue(),
      receiver: callee.getExpression().getText().replace(/\s+/g, ''),
      ...(Node.isClassDeclaration(schema) ? { schema: declarationKey(schema.getSourceFile().getFilePath(), className(schema)) } : {}),
      location: ctx.location(key),
    });
  }
  return reads;
}
