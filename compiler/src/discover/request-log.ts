import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import type { DiscoverContext } from './context.js';
import { isFrameworkFile } from './packages.js';
import { resolveName } from './symbols.js';

/** The `requestLog` options a custom `logger` overrides: what of the logger wins, and where to set it there. */
const IGNORED_BESIDE_LOGGER: Readonly<Record<string, { readonly what: string; readonly fix: string }>> = {
  level: { what: 'level', fix: "`pino({ level: 'warn' })`" },
  redact: { what: 'redaction', fix: "`pino({ redact: { paths: […], censor: '[redacted]' } })`" },
  destination: { what: 'destination', fix: '`pino(options, destination)`' },
};

/**
 * FW2312: `new FrameworkApplication(tables, { requestLog: { logger, redact } })` and the other
 * options a custom `logger` makes the request log ignore (`level`, `redact`, `destination`),
 * at each ignored option. Options written as an object literal only.
 *
 * @example
 * checkRequestLogOptions(ctx, mainFile) // FW2312 at `redact: ['headers.x']` beside `logger: pino()`
 */
export function checkRequestLogOptions(ctx: DiscoverContext, sf: SourceFile): void {
  if (!sf.getFullText().includes('requestLog')) return;
  for (const created of sf.getDescendantsOfKind(SyntaxKind.NewExpression)) {
    const options = created.getArguments()[1];
    if (!Node.isObjectLiteralExpression(options)) continue;
    const requestLog = options.getProperty('requestLog');
    const log = Node.isPropertyAssignment(requestLog) ? requestLog.getInitializer() : undefined;
    if (!Node.isObjectLiteralExpression(log) || !log.getProperty('logger')) continue;
    const resolved = resolveName(created.getExpression());
    if (!resolved || !isFrameworkFile(resolved.file)) continue;
    for (const property of log.getProperties()) {
      if (!Node.isPropertyAssignment(property) && !Node.isShorthandPropertyAssignment(property)) continue;
      const ignored = IGNORED_BESIDE_LOGGER[property.getName()];
      if (ignored) ctx.report('FW2312', property, { option: property.getName(), ...ignored });
    }
  }
}
