import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import type { VersioningIR } from '../ir/index.js';
import { isFrameworkFile } from './packages.js';
import { evaluate } from './static-value.js';
import { resolveName } from './symbols.js';

/**
 * The `versioning` option of each `new FrameworkApplication(tables, options)` in a file: its static value, `{}` when the
 * options say nothing of versioning, or `unknown` when the options are not an object literal (or
 * spread something), so that FW2603 stays silent rather than guess.
 *
 * @example
 * versioningOptionsIn(mainFile) // [{ type: 'uri' }]
 */
export function versioningOptionsIn(sf: SourceFile): VersioningIR[] {
  if (!sf.getFullText().includes('FrameworkApplication')) return [];
  const found: VersioningIR[] = [];
  for (const call of sf.getDescendantsOfKind(SyntaxKind.NewExpression)) {
    const resolved = resolveName(call.getExpression());
    if (resolved?.name !== 'FrameworkApplication' || !isFrameworkFile(resolved.file)) continue;
    const options = call.getArguments()[1];
    if (options === undefined) {
      found.push({ enabled: false });
      continue;
    }
    if (!Node.isObjectLiteralExpression(options) || options.getProperties().some((p) => !Node.isPropertyAssignment(p) && !Node.isShorthandPropertyAssignment(p))) {
      found.push({ unknown: true });
      continue;
    }
    const property = options.getProperty('versioning');
    if (!property) {
      found.push({ enabled: false });
      continue;
    }
    const initializer = Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
    const value = initializer ? evaluate(initializer) : undefined;
    if (!value?.ok || typeof value.value !== 'object' || value.value === null) {
      found.push({ enabled: true });
      continue;
    }
    const option = value.value as Record<string, unknown>;
    const text = (name: 'type' | 'prefix' | 'header' | 'key' | 'defaultVersion') => (typeof option[name] === 'string' ? { [name]: option[name] as string } : {});
    found.push({ enabled: true, ...text('type'), ...text('prefix'), ...text('header'), ...text('key'), ...text('defaultVersion') });
  }
  return found;
}
