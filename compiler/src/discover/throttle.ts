import { Node, type ObjectLiteralExpression } from 'ts-morph';
import { where } from '../diagnostics/location.js';
import type { ThrottleNameUse, ThrottlerDeclIR } from '../ir/index.js';
import { notStatic, type DiscoverContext } from './context.js';
import { isFrameworkFile } from './packages.js';
import { arrayElements, evaluate, literalOf, unwrap } from './static-value.js';
import { resolveName, type FrameworkDecorator } from './symbols.js';

type Rules = Record<string, { ttl: number; limit: number }>;

/**
 * Reads `@Throttle({ <name>: { ttl, limit } })`: the rules, and every throttler name with where it
 * is written (for FW1501). Computed values are FW1004; literal `ttl`/`limit` that are not positive
 * integers are FW1502.
 *
 * @example
 * throttleOf(ctx, decorator) // { rules: { default: { ttl: 60000, limit: 5 } }, names: [{ name: 'default', … }] }
 */
export function throttleOf(ctx: DiscoverContext, d: FrameworkDecorator): { rules: Rules; names: ThrottleNameUse[] } | undefined {
  const object = objectArg(ctx, d, 'an object literal like { default: { ttl: 60000, limit: 5 } }');
  if (!object) return undefined;
  const rules: Rules = {};
  const names: ThrottleNameUse[] = [];
  for (const { name, nameNode, value } of entries(ctx, object, 'The argument of @Throttle')) {
    names.push({ name, decorator: 'Throttle', location: ctx.location(nameNode) });
    const rule = unwrap(value);
    if (!Node.isObjectLiteralExpression(rule)) {
      const evaluated = evaluate(value);
      notStatic(ctx, evaluated.ok ? value : evaluated.culprit, `The rule of throttler '${name}' in @Throttle`, 'an object literal { ttl, limit }');
      continue;
    }
    const owner = `throttler '${name}' in @Throttle`;
    const ttl = limitOf(ctx, rule, 'ttl', owner, true);
    const limit = limitOf(ctx, rule, 'limit', owner, true);
    if (ttl !== undefined && limit !== undefined) rules[name] = { ttl, limit };
  }
  return { rules, names };
}

/**
 * Reads `@SkipThrottle()` (every throttler: `{ '*': true }`) or `@SkipThrottle({ <name>: true })`.
 *
 * @example
 * skipOf(ctx, decorator) // { skip: { burst: true }, names: [{ name: 'burst', … }] }
 */
export function skipOf(ctx: DiscoverContext, d: FrameworkDecorator): { skip: Record<string, boolean>; names: ThrottleNameUse[] } | undefined {
  if (!d.args[0]) return { skip: { '*': true }, names: [] };
  const expected = 'an object literal like { default: true }';
  const object = objectArg(ctx, d, expected);
  if (!object) return undefined;
  const skip: Record<string, boolean> = {};
  const names: ThrottleNameUse[] = [];
  for (const { name, nameNode, value } of entries(ctx, object, 'The argument of @SkipThrottle')) {
    const flag = literalOf(value);
    names.push({ name, decorator: 'SkipThrottle', ...(typeof flag === 'boolean' ? { skip: flag } : {}), location: ctx.location(nameNode) });
    if (typeof flag === 'boolean') skip[name] = flag;
    else notStatic(ctx, value, `The flag of throttler '${name}' in @SkipThrottle`, 'true or false');
  }
  return { skip, names };
}

/**
 * For `ThrottlerModule.forRoot([...])` (recognised by symbol): the declared throttler names, or
 * `'dynamic'` when the array, an entry or a name is not static (the name check is then skipped).
 * Reports FW1502 for literal `ttl`/`limit` that are not positive integers and FW1503 for a name
 * declared twice; computed `ttl`/`limit` are left to the run-time check.
 *
 * @example
 * throttlersOf(ctx, parse("ThrottlerModule.forRoot([{ ttl: 60000, limit: 10 }, { name: 'burst', ttl: 1000, limit: 3 }])"))
 * // [{ name: 'default', … }, { name: 'burst', … }]
 */
export function throttlersOf(ctx: DiscoverContext, element: Node): readonly ThrottlerDeclIR[] | 'dynamic' | undefined {
  if (!Node.isCallExpression(element)) return undefined;
  const callee = resolveName(element.getExpression());
  const owner = callee?.declaration.getParent();
  if (callee?.name !== 'forRoot' || !Node.isClassDeclaration(owner) || owner.getName() !== 'ThrottlerModule' || !isFrameworkFile(callee.file)) return undefined;
  const arg = element.getArguments()[0];
  const items = arg ? arrayElements(arg) : undefined;
  if (!items) return 'dynamic';
  const out: ThrottlerDeclIR[] = [];
  let dynamic = false;
  items.forEach((item, index) => {
    const object = unwrap(item);
    if (!Node.isObjectLiteralExpression(object)) {
      dynamic = true;
      return;
    }
    const nameNode = initializerOf(object, 'name');
    const name = nameNode ? literalOf(nameNode) : 'default';
    if (typeof name !== 'string') {
      dynamic = true;
    } else {
      const entry = `throttlers[${index}] ('${name}') of ThrottlerModule.forRoot`;
      limitOf(ctx, object, 'ttl', entry, false);
      limitOf(ctx, object, 'limit', entry, false);
      const location = ctx.location(nameNode ?? object);
      const first = out.find((t) => t.name === name);
      const firstAt = first && where(ctx.srcDir, first.location);
      if (firstAt) ctx.report('FW1503', nameNode ?? object, { name, first: firstAt });
      else out.push({ name, location });
    }
  });
  return dynamic ? 'dynamic' : out;
}

/** The object literal argument of a throttle decorator, FW1004 when it is something else. */
function objectArg(ctx: DiscoverContext, d: FrameworkDecorator, expected: string): ObjectLiteralExpression | undefined {
  const arg = d.args[0];
  if (!arg) return undefined;
  const object = unwrap(arg);
  if (Node.isObjectLiteralExpression(object)) return object;
  const value = evaluate(arg);
  return notStatic(ctx, value.ok ? arg : value.culprit, `The argument of @${d.name}`, expected);
}

function* entries(ctx: DiscoverContext, object: ObjectLiteralExpression, what: string): Generator<{ name: string; nameNode: Node; value: Node }> {
  for (const property of object.getProperties()) {
    if (!Node.isPropertyAssignment(property) && !Node.isShorthandPropertyAssignment(property)) {
      notStatic(ctx, property, what, 'an object literal with one property per throttler name');
      continue;
    }
    const nameNode = property.getNameNode();
    if (Node.isComputedPropertyName(nameNode)) {
      notStatic(ctx, nameNode, `A throttler name in ${what.replace(/^The argument of /, '')}`, 'a plain property name');
      continue;
    }
    const name = Node.isStringLiteral(nameNode) || Node.isNumericLiteral(nameNode) ? String(nameNode.getLiteralValue()) : nameNode.getText();
    yield { name, nameNode, value: Node.isPropertyAssignment(property) ? property.getInitializerOrThrow() : nameNode };
  }
}

function initializerOf(object: ObjectLiteralExpression, name: string): Node | undefined {
  const property = object.getProperty(name);
  if (Node.isPropertyAssignment(property)) return property.getInitializer();
  return Node.isShorthandPropertyAssignment(property) ? property.getNameNode() : undefined;
}

/**
 * `ttl` or `limit` of a rule: the number, FW1502 when a literal is not a positive integer, FW1004 when
 * computed and `mustBeStatic` (a `@Throttle` rule is emitted into the tables; forRoot's is not).
 */
function limitOf(ctx: DiscoverContext, object: ObjectLiteralExpression, field: 'ttl' | 'limit', owner: string, mustBeStatic: boolean): number | undefined {
  const node = initializerOf(object, field);
  if (!node) {
    if (mustBeStatic) ctx.report('FW1502', object, { field, owner, got: 'missing' });
    return undefined;
  }
  const value = literalOf(node);
  if (value === undefined) {
    if (mustBeStatic) notStatic(ctx, node, `The ${field} of ${owner}`, 'a number literal');
    return undefined;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  ctx.report('FW1502', node, { field, owner, got: typeof value === 'string' ? `the string '${value}'` : String(value) });
  return undefined;
}
