import type { ClassDeclaration, MethodDeclaration } from 'ts-morph';
import type { DiagnosticCode } from '../diagnostics/catalogue.js';
import type { DiscoverContext } from './context.js';
import { families, type ControllerFamily } from './families/index.js';
import { lineage } from './lineage.js';
import { memberName } from './member-name.js';
import { checkMisplacedHandlers } from './misplaced-decorators.js';
import { frameworkDecorators, type FrameworkDecorator } from './symbols.js';

/** A family whose class decorator is on the class, with that decorator. */
export interface FamilyMarker {
  readonly family: ControllerFamily;
  readonly marker: FrameworkDecorator;
}

/**
 * What is reported for a handler decorator of another family on a controller of this one (by class
 * decorator): each family's `discover` reads its own handler decorators only, so these would be
 * ignored without a word.
 */
const FOREIGN_HANDLER_CODES: Readonly<Record<string, DiagnosticCode>> = { Controller: 'FW1414', GrpcController: 'FW1206' };

/**
 * Checks which controller families mark a class: FW1011 when more than one does (the class would
 * be kept as a controller of the last one only), else FW1206/FW1414 for each handler decorator of
 * another family on its methods (an `@Get` on a `@GrpcController`, a `@GrpcMethod` on a
 * `@Controller`), which no family reads. Methods of base classes count, as they are the class's too.
 *
 * @example
 * checkControllerMarkers(ctx, cls, [{ family: httpFamily, marker }, { family: grpcFamily, marker }]); // FW1011
 */
export function checkControllerMarkers(ctx: DiscoverContext, cls: ClassDeclaration, markers: readonly FamilyMarker[]): void {
  const name = cls.getName() ?? 'default';
  const [first, second] = markers;
  if (first && second) {
    const line = String(ctx.location(first.marker.node).line);
    ctx.report('FW1011', second.marker.node, { name, first: `@${first.marker.name}`, second: `@${second.marker.name}`, line });
    return;
  }
  if (first) checkMisplacedHandlers(ctx, cls);
  const code = first && FOREIGN_HANDLER_CODES[first.family.classDecorator];
  if (!first || !code) return;
  const foreign = new Set(families.filter((f) => f !== first.family).flatMap((f) => f.handlerDecorators));
  for (const { method, name: member } of methodsOf(cls)) {
    for (const d of frameworkDecorators(method)) {
      if (foreign.has(d.name)) ctx.report(code, d.node, { decorator: d.name, handler: `${name}.${member}`, controller: name });
    }
  }
}

/**
 * The class's methods, then those of its base classes that it does not override, each with its
 * name at run time (`'get-all'() {}` is `get-all`; a computed name known only at run time as
 * written).
 */
function methodsOf(cls: ClassDeclaration): { method: MethodDeclaration; name: string }[] {
  const out: { method: MethodDeclaration; name: string }[] = [];
  const seen = new Set<string>();
  for (const level of lineage(cls)) {
    for (const method of level.methods) {
      const name = memberName(method);
      if (name !== undefined && seen.has(name)) continue;
      if (name !== undefined) seen.add(name);
      out.push({ method, name: name ?? method.getName() });
    }
  }
  return out;
}
