import type { ClassDeclaration } from 'ts-morph';
import type { RouteApiIR } from '../../ir/api.js';
import type { DiscoverContext } from '../context.js';
import { lineage } from '../lineage.js';
import { frameworkDecorators } from '../symbols.js';
import { runs, type Handler } from '../families/inherited.js';
import { docTags, docText, summaryOf } from './docs.js';
import { thrownBy } from './exceptions.js';
import { eventSchema, resultSchema } from './result-schema.js';

/**
 * What the OpenAPI document and the typed client say of one route: the JSDoc of the method that
 * runs (else of the declaration carrying the route decorator), its exceptions, whether it is
 * `@Public()` (on the method that runs, or on the controller or a base class, as the runtime's
 * `isPublicRoute` reads it), and the schema of its declared (else inferred) return type.
 *
 * @example
 * routeApi(ctx, todoControllerClass, findOneHandler).result.schema // { $ref: '#/components/schemas/Todo' }
 */
export function routeApi(ctx: DiscoverContext, cls: ClassDeclaration, h: Handler): RouteApiIR {
  const { method, level } = runs(h);
  const documented = [...h.declarations].reverse().find((d) => docText(d.method) !== undefined)?.method ?? method;
  const declared = level.bind(method.getReturnTypeNode());
  const type = declared?.getType() ?? method.getReturnType();
  const isPublic = frameworkDecorators(method).some((d) => d.name === 'Public') || publicClass(ctx, cls);
  const deprecated = docTags(documented).some((t) => t.tag === 'deprecated');
  return {
    ...summaryOf(docText(documented)),
    public: isPublic,
    ...(deprecated ? { deprecated: true as const } : {}),
    throws: [...new Set([documented, method])].flatMap((m) => thrownBy(ctx, m)),
    result: h.marker.name === 'Sse' ? eventSchema(type, method) : resultSchema(type, method),
  };
}

/** Per build, whether a controller or one of its bases is `@Public()`. */
const publicClasses = new WeakMap<DiscoverContext, Map<ClassDeclaration, boolean>>();

/**
 * Whether `cls` or a base class is `@Public()`, read once per class and build: the lineage lists
 * every member of each level, so reading it for each route made a controller's routes quadratic.
 */
function publicClass(ctx: DiscoverContext, cls: ClassDeclaration): boolean {
  let known = publicClasses.get(ctx);
  if (!known) publicClasses.set(ctx, (known = new Map()));
  let value = known.get(cls);
  if (value === undefined) {
    value = lineage(cls).some((l) => l.cls !== undefined && frameworkDecorators(l.cls).some((d) => d.name === 'Public'));
    known.set(cls, value);
  }
  return value;
}
