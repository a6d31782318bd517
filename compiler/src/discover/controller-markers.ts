import type { ClassDeclaration, MethodDeclaration } from 'ts-morph';
import type { DiagnosticCode } from '../diagnostics/catalogue.js';
import type { DiscoverContext } from './context.js';
import type { ControllerFamily } from './families/index.js';
import { frameworkDecorators, type FrameworkDecorator } from './symbols.js';

/** A family whose class decorator is on the class, with that decorator. */
export interface FamilyMarker {
  readonly family: ControllerFamily;
  readonly marker: FrameworkDecorator;
}

/**
 * Handler decorators of one family that mean nothing on a controller of another: each family's
 * `discover` reads its own handler decorators only, so these would be ignored without a word.
 * The HTTP names mirror the route decorators of `families/http.ts`.
 */
const FOREIGN_HANDLERS: Readonly<Record<string, { readonly names: ReadonlySet<string>; readonly code: DiagnosticCode }>> = {
  Controller: { names: new Set(['GrpcMethod']), code: 'FW1414' },
  GrpcController: { names: new Set(['Get', 'Post', 'Put', 'Delete', 'Patch', 'Head', 'Options', 'All']), code: 'FW1206' },
};

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
  const foreign = first ? FOREIGN_HANDLERS[first.family.classDecorator] : undefined;
  if (!foreign) return;
  for (const method of methodsOf(cls)) {
    for (const d of frameworkDecorators(method)) {
      if (!foreign.names.has(d.name)) continue;
      ctx.report(foreign.code, d.node, { decorator: d.name, handler: `${name}.${method.getName()}`, controller: name });
    }
  }
}

/** The class's methods, then those of its base classes that it does not override. */
function methodsOf(cls: ClassDeclaration): MethodDeclaration[] {
  const out: MethodDeclaration[] = [];
  const seen = new Set<string>();
  for (let c: ClassDeclaration | undefined = cls, depth = 0; c && depth < 20; c = c.getBaseClass(), depth++) {
    for (const method of c.getMethods()) {
      if (seen.has(method.getName())) continue;
      seen.add(method.getName());
      out.push(method);
    }
  }
  return out;
}
