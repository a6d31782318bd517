import { Node } from 'ts-morph';
import type { CorsFieldsIR, CorsIR, CorsOriginIR } from '../ir/index.js';
import { notStatic, type DiscoverContext } from './context.js';
import { arrayElements, literalOf, unwrap } from './static-value.js';
import type { FrameworkDecorator } from './symbols.js';

const STRING_LISTS = ['exposeHeaders', 'allowHeaders', 'methods'] as const;

/**
 * Reads `@Cors(false)` or `@Cors({ origins, credentials, maxAge, exposeHeaders, allowHeaders, methods })`
 * with literal values (a RegExp literal kept as written); a computed value is FW1004 at it.
 *
 * @example
 * corsOf(ctx, decorator) // { value: { origins: ['https://admin.example.com'], credentials: true }, location: … }
 */
export function corsOf(ctx: DiscoverContext, d: FrameworkDecorator): CorsIR | undefined {
  const location = ctx.location(d.node);
  const arg = d.args[0];
  if (!arg) return notStatic(ctx, d.node, 'The argument of @Cors', "false, or an object literal such as { origins: ['https://app.example.com'] }");
  if (literalOf(arg) === false) return { value: false, location };
  const object = unwrap(arg);
  if (!Node.isObjectLiteralExpression(object)) {
    return notStatic(ctx, arg, 'The argument of @Cors', "false, or an object literal such as { origins: ['https://app.example.com'] }");
  }
  const fields: { -readonly [K in keyof CorsFieldsIR]: CorsFieldsIR[K] } = {};
  for (const property of object.getProperties()) {
    if (!Node.isPropertyAssignment(property) && !Node.isShorthandPropertyAssignment(property)) {
      notStatic(ctx, property, 'A field of @Cors', 'a property written as name: value');
      continue;
    }
    const name = property.getName();
    // `{ origins }` reads the const named origins, as `{ origins: origins }` does.
    const value = Node.isPropertyAssignment(property) ? property.getInitializerOrThrow() : property.getNameNode();
    if (name === 'origins') {
      const origins = originsOf(ctx, value);
      if (origins !== undefined) fields.origins = origins;
    } else if (name === 'credentials') {
      const flag = literalOf(value);
      if (typeof flag === 'boolean') fields.credentials = flag;
      else notStatic(ctx, value, 'credentials in @Cors', 'true or false');
    } else if (name === 'maxAge') {
      const seconds = literalOf(value);
      if (typeof seconds === 'number') fields.maxAge = seconds;
      else notStatic(ctx, value, 'maxAge in @Cors', 'a number of seconds');
    } else if ((STRING_LISTS as readonly string[]).includes(name)) {
      const list = stringsOf(value);
      if (list) fields[name as (typeof STRING_LISTS)[number]] = list;
      else notStatic(ctx, value, `${name} in @Cors`, "an array of strings such as ['x-request-id']");
    }
  }
  return { value: fields, location };
}

function originsOf(ctx: DiscoverContext, node: Node): CorsOriginIR | CorsOriginIR[] | undefined {
  const single = originOf(node);
  if (single !== undefined) return single;
  const elements = arrayElements(node);
  if (!elements) return notStatic(ctx, node, 'origins in @Cors', "'*', an origin, a RegExp literal or an array of them (a function belongs in the application's cors option)");
  const origins: CorsOriginIR[] = [];
  for (const element of elements) {
    const origin = originOf(element);
    if (origin === undefined) return notStatic(ctx, element, 'An origin in @Cors', "a string such as 'https://app.example.com' or a RegExp literal");
    origins.push(origin);
  }
  return origins;
}

function originOf(node: Node): CorsOriginIR | undefined {
  const inner = unwrap(node);
  if (Node.isRegularExpressionLiteral(inner)) return { regexp: inner.getText() };
  const value = literalOf(inner);
  return typeof value === 'string' ? value : undefined;
}

function stringsOf(node: Node): string[] | undefined {
  const elements = arrayElements(node);
  if (!elements) return undefined;
  const out: string[] = [];
  for (const element of elements) {
    const value = literalOf(element);
    if (typeof value !== 'string') return undefined;
    out.push(value);
  }
  return out;
}
