import { Node, SyntaxKind, type MethodDeclaration } from 'ts-morph';
import type { ThrownIR } from '../../ir/api.js';
import { isFrameworkFile } from '../packages.js';
import { resolveName } from '../symbols.js';
import { docTags } from './docs.js';
import type { DiscoverContext } from '../context.js';

/**
 * The status of each built-in exception class of `@framework/core` (its `exceptions/built-in.ts`;
 * a test keeps the two in step), plus the framework's own 4xx classes.
 */
export const FRAMEWORK_EXCEPTION_STATUS: Readonly<Record<string, number>> = {
  BadRequestException: 400, UnauthorizedException: 401, PaymentRequiredException: 402, ForbiddenException: 403,
  NotFoundException: 404, MethodNotAllowedException: 405, NotAcceptableException: 406, ProxyAuthenticationRequiredException: 407,
  RequestTimeoutException: 408, ConflictException: 409, GoneException: 410, LengthRequiredException: 411,
  PreconditionFailedException: 412, PayloadTooLargeException: 413, UriTooLongException: 414, UnsupportedMediaTypeException: 415,
  RangeNotSatisfiableException: 416, ExpectationFailedException: 417, ImATeapotException: 418, MisdirectedRequestException: 421,
  UnprocessableEntityException: 422, LockedException: 423, FailedDependencyException: 424, TooEarlyException: 425,
  UpgradeRequiredException: 426, PreconditionRequiredException: 428, TooManyRequestsException: 429,
  RequestHeaderFieldsTooLargeException: 431, UnavailableForLegalReasonsException: 451, InternalServerErrorException: 500,
  NotImplementedException: 501, BadGatewayException: 502, ServiceUnavailableException: 503, GatewayTimeoutException: 504,
  HttpVersionNotSupportedException: 505, InsufficientStorageException: 507, LoopDetectedException: 508,
  NetworkAuthenticationRequiredException: 511,
};

/**
 * The exceptions a handler declares in its JSDoc (`@throws {NotFoundException} when no todo has
 * this id`, or `@throws {HttpException} 409 …` with the status first) and those its body throws
 * directly (`throw new UnauthorizedException()`, `throw new HttpException(409, …)`, or a class of
 * the sources whose constructor calls `super(<status>, …)`). Exceptions thrown deeper (in a
 * service) are only known through `@throws`. Sorted by status, one per status and name. FW2101
 * for a `@throws` whose status cannot be told.
 *
 * @example
 * thrownBy(ctx, loginMethod) // [{ status: 401, name: 'UnauthorizedException' }]
 */
export function thrownBy(ctx: DiscoverContext, method: MethodDeclaration): ThrownIR[] {
  const found: ThrownIR[] = [];
  for (const { tag, text, node } of docTags(method)) {
    if (tag !== 'throws' && tag !== 'exception') continue;
    const match = /^\{([A-Za-z0-9_$.]+)\}\s*(?:(\d{3})\b\s*)?(.*)$/.exec(text);
    if (!match) {
      ctx.report('FW2101', node, { name: text.split(/\s/)[0] || '(nothing)', handler: method.getName() });
      continue;
    }
    const name = match[1]!.split('.').at(-1)!;
    const status = match[2] ? Number(match[2]) : FRAMEWORK_EXCEPTION_STATUS[name];
    const doc = match[3]?.replace(/^[-–—:]\s*/, '').trim();
    if (status !== undefined) found.push({ status, name, ...(doc ? { doc } : {}) });
    else ctx.report('FW2101', node, { name, handler: method.getName() });
  }
  for (const statement of method.getDescendantsOfKind(SyntaxKind.ThrowStatement)) {
    const thrown = statement.getExpression();
    if (!Node.isNewExpression(thrown)) continue;
    const status = statusOfNew(thrown);
    if (status) found.push(status);
  }
  const seen = new Set<string>();
  return found
    .filter((t) => (seen.has(`${t.status} ${t.name}`) ? false : (seen.add(`${t.status} ${t.name}`), true)))
    .sort((a, b) => a.status - b.status || a.name.localeCompare(b.name));
}

function statusOfNew(expression: Node): ThrownIR | undefined {
  if (!Node.isNewExpression(expression)) return undefined;
  const callee = expression.getExpression();
  const resolved = resolveName(callee);
  if (!resolved) return undefined;
  const literal = (node: Node | undefined): number | undefined => (Node.isNumericLiteral(node) ? Number(node.getLiteralValue()) : undefined);
  if (isFrameworkFile(resolved.file)) {
    const status = resolved.name === 'HttpException' ? literal(expression.getArguments()[0]) : FRAMEWORK_EXCEPTION_STATUS[resolved.name];
    return status === undefined ? undefined : { status, name: resolved.name };
  }
  // A class of the sources: `super(409, …)` in its constructor.
  const declaration = resolved.declaration;
  if (!Node.isClassDeclaration(declaration)) return undefined;
  for (const ctor of declaration.getConstructors()) {
    for (const call of ctor.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      if (call.getExpression().getKind() !== SyntaxKind.SuperKeyword) continue;
      const status = literal(call.getArguments()[0]);
      if (status !== undefined) return { status, name: resolved.name };
    }
  }
  return undefined;
}
