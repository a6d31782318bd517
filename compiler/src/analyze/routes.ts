import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { where } from '../diagnostics/location.js';
import { suggest } from '../diagnostics/suggest.js';
import type { ChainIR, ClassIR, DeclaredTypeIR, DtoIR, ProgramIR, RouteIR, SourceLocation, VersionIR } from '../ir/index.js';
import { handlerChain } from './handler-chain.js';
import type { RouteModel } from './model.js';
import { reachableControllersOf, type ModuleGraph } from './module-graph.js';
import { notExported } from './not-exported.js';
import { joinPath, pathParams, pathShape } from './route-paths.js';
import { checkParamTypes } from './param-checks.js';
import { classProviderKey } from './providers.js';
import type { DeclaredThrottlers } from './skip-throttle.js';
import { planDto, typeContradictions } from './validation/plan.js';
import { unknownLocales } from './validation/locales.js';
import { unknownOptionValues } from './validation/option-values.js';
import { optionObjectProblems } from './validation/option-objects.js';
import { checkUploads, formOf } from './upload-checks.js';

/**
 * Builds the HTTP route table from the reachable controllers (ids in module, controller and method
 * order) and checks each route: FW1008 (handler not callable), FW1202 (`@Param` without `:name`),
 * FW1203 (duplicate method + path), FW1204 (`@Body()` not a class), FW1205 (undecorated parameter),
 * FW1201 (DTO member without validator), FW1007 (DTO not exported), FW1701 (DTO left to
 * class-validator), FW1702 (a rule contradicting the member's type) and FW1801/FW1803 (parameter
 * types without a conversion).
 *
 * @example
 * buildRoutes(ir, graph, indexOf, declaredThrottlers(graph)).routes.map((r) => `${r.method} ${r.path}`) // ['GET /health', 'GET /todo', …]
 */
export function buildRoutes(
  ir: ProgramIR,
  graph: ModuleGraph,
  indexOf: ReadonlyMap<string, number>,
  throttlers: DeclaredThrottlers,
): { routes: RouteModel[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const routes: RouteModel[] = [];
  const byShape = new Map<string, { model: RouteModel; at: SourceLocation }[]>();
  const versioningOff = versioningNeverEnabled(ir);
  const checkedDtos = new Set<string>();
  const checkedQueries = new Set<string>();
  const providerOf = (classKey: string): number => indexOf.get(classProviderKey(classKey)) ?? -1;

  for (const cls of reachableControllersOf(ir, graph, 'http')) {
    const controller = cls.controller;
    for (const route of controller.routes) {
      const path = joinPath(controller.prefix, route.path);
      const version = route.version ?? controller.version;
      const model = routeModel(routes.length, cls, route, path, controller.chain, providerOf, throttlers, version);
      routes.push(model);
      diagnostics.push(...checkRoute(ir, model, route, checkedDtos, checkedQueries), ...checkAnswer(model, route));
      if (version && versioningOff) {
        diagnostics.push(diagnostic('FW2603', version.location, { what: route.version ? '@Version' : `The version of @Controller (${cls.ref.name})`, handler: model.name }));
      }
      const shape = `${model.method} ${pathShape(path)}`;
      const earlier = byShape.get(shape) ?? [];
      byShape.set(shape, [...earlier, { model, at: route.decoratorLocation }]);
      for (const first of earlier) {
        // Routes of different versions share a path: only a shared version (or no version on either) is a duplicate.
        const shared = sharedVersion(first.model.versions, model.versions);
        if (shared === undefined) continue;
        const args = { method: model.method, path, first: first.model.name, firstAt: where(ir.srcDir, first.at), second: model.name, secondAt: where(ir.srcDir, route.decoratorLocation) };
        // At the decorators that make the two routes: a method may carry several, and they name the route.
        diagnostics.push(shared === '' ? diagnostic('FW1203', route.decoratorLocation, args) : diagnostic('FW2604', (route.version ?? version)?.location ?? route.decoratorLocation, { ...args, version: shared }));
        break;
      }
    }
  }
  return { routes, diagnostics };
}

function routeModel(
  id: number,
  cls: ClassIR,
  route: RouteIR,
  path: string,
  classChain: ChainIR,
  providerOf: (key: string) => number,
  throttlers: DeclaredThrottlers,
  version: VersionIR | undefined,
): RouteModel {
  const body = route.params.find((p) => p.source.kind === 'body');
  const messages = route.params.find((p) => p.source.kind === 'messages');
  const form = formOf(route);
  return {
    id,
    name: `${cls.ref.name}.${route.methodName}`,
    controller: providerOf(cls.ref.key),
    controllerRef: cls.ref,
    methodName: route.methodName,
    method: route.httpMethod,
    path,
    params: route.params,
    pipes: route.params.flatMap((p) => (p.pipes ?? []).flatMap((pipe) => (pipe.kind === 'class' ? [providerOf(pipe.cls.key)] : []))),
    readsBody: body !== undefined || form !== undefined,
    ...(body?.dto ? { body: body.dto, ...(body.array ? { bodyArray: true as const } : {}) } : {}),
    ...(body?.schema ? { bodySchema: body.schema } : {}),
    status: route.status,
    ...(route.stream ? { stream: route.stream.kind } : {}),
    ...(messages?.dto ? { messages: messages.dto } : {}),
    ...(form ? { form } : {}),
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit.bytes } : {}),
    ...(route.api ? { api: route.api } : {}),
    ...(cls.controller?.family === 'http' && cls.controller.doc ? { controllerDoc: cls.controller.doc } : {}),
    ...handlerChain(classChain, route.chain, providerOf, throttlers),
    ...(route.setHeaders ? { setHeaders: route.setHeaders.map((h) => [h.name, h.value] as const) } : {}),
    ...(route.redirect ? { redirect: { url: route.redirect.url, status: route.redirect.status } } : {}),
    ...(version ? { versions: { values: version.values, ...(version.neutral ? { neutral: true as const } : {}) } } : {}),
    location: route.location,
  };
}

/** Headers the framework writes from the body and the connection (the runtime's `OWNED_RESPONSE_HEADERS`). */
const OWNED_HEADERS = ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'trailer', 'te'];

/** FW2601 (a @Redirect status that is not 3xx) and FW2602 (a @SetHeader of an owned header or of Set-Cookie). */
function checkAnswer(model: RouteModel, route: RouteIR): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (route.redirect && (route.redirect.status < 300 || route.redirect.status > 399)) {
    out.push(diagnostic('FW2601', route.redirect.location, { handler: model.name, status: String(route.redirect.status) }));
  }
  for (const header of route.setHeaders ?? []) {
    const lower = header.name.toLowerCase();
    if (OWNED_HEADERS.includes(lower) || lower === 'set-cookie') {
      out.push(diagnostic('FW2602', header.location, { name: header.name, handler: model.name, ...(lower === 'set-cookie' ? { cookie: 'yes' } : {}) }));
    }
  }
  return out;
}

/** Whether the sources construct applications, all with literal options, and none enables versioning (FW2603). */
function versioningNeverEnabled(ir: ProgramIR): boolean {
  const found = ir.versioning ?? [];
  return found.length > 0 && found.every((v) => !v.unknown && !v.enabled);
}

/**
 * A version two routes of one method and path both answer: '' when neither has a version (FW1203),
 * the version otherwise (FW2604); undefined when they answer different versions.
 */
function sharedVersion(a: RouteModel['versions'], b: RouteModel['versions']): string | undefined {
  if (!a && !b) return '';
  if (!a || !b) return undefined;
  if (a.neutral && b.neutral) return 'VERSION_NEUTRAL';
  return a.values.find((v) => b.values.includes(v));
}

function checkRoute(ir: ProgramIR, model: RouteModel, route: RouteIR, checkedDtos: Set<string>, checkedQueries: Set<string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (route.inaccessible) out.push(diagnostic('FW1008', route.location, { handler: model.name, why: route.inaccessible }));
  const declared = pathParams(model.path);
  for (const param of route.params) {
    const source = param.source;
    // `unread`: FW1016 already says which decorator the compiler could not resolve there.
    if (source.kind === 'none' && !source.unread) out.push(diagnostic('FW1205', param.location, { param: param.name, handler: model.name }));
    if (source.kind === 'param' && !declared.includes(source.name)) {
      // A newcomer's two slips: the colon left out (`/id`), or the name misspelt on one side (`:idd`).
      const literal = model.path.split('/').includes(source.name);
      const near = literal ? undefined : suggest(source.name, declared);
      out.push(
        diagnostic('FW1202', param.location, {
          name: source.name,
          handler: model.name,
          path: model.path,
          params: declared.map((p) => `':${p}'`).join(', '),
          ...(literal ? { slip: 'colon' } : near !== undefined ? { slip: 'name', near } : {}),
        }),
      );
    }
    if (source.kind === 'body' && !param.dto && !param.schema && !source.unvalidated) {
      out.push(diagnostic('FW1204', param.location, { param: param.name, handler: model.name, type: param.typeText, ...(param.array ? { element: param.array.element } : {}) }));
    }
    if (param.dto) out.push(...checkDto(ir, param.dto, checkedDtos));
    if (param.schema && !param.schema.ref.exported && !checkedDtos.has(param.schema.ref.key)) {
      checkedDtos.add(param.schema.ref.key);
      out.push(notExported(ir.srcDir, param.schema.ref, 'route table as a request schema'));
    }
    out.push(...checkParamTypes(param, model.name, checkedQueries));
  }
  out.push(...checkUploads(route, model.name));
  return out;
}

/**
 * FW1201 for each member without a class-validator decorator (members declared in a `.d.ts` file,
 * whose decorators are erased, are not checked), FW1007 when not importable; once per DTO.
 */
function checkDto(ir: ProgramIR, dto: DtoIR, checked: Set<string>): Diagnostic[] {
  if (checked.has(dto.ref.key)) return [];
  checked.add(dto.ref.key);
  const out: Diagnostic[] = [];
  if (!dto.ref.exported) {
    out.push(notExported(ir.srcDir, dto.ref, 'route table as a body class'));
  }
  const plan = planDto(dto);
  if (plan.kind === 'fallback' && !plan.fallback.nested) {
    const { dto: name, subject, why } = plan.fallback;
    out.push(diagnostic('FW1701', plan.fallback.location, { dto: name, subject, why }));
  }
  out.push(...typeContradictions(dto), ...unknownLocales(dto), ...unknownOptionValues(dto), ...optionObjectProblems(dto));
  for (const member of dto.members) {
    if (member.validators.length === 0 && !member.declaredInDeclarationFile) {
      const rule = member.nested ? `@ValidateNested(${member.nested.each ? '{ each: true }' : ''})` : member.declaredType && typeRule(member.declaredType);
      out.push(diagnostic('FW1201', member.location, { member: member.name, dto: dto.ref.name, ...(rule ? { rule } : {}) }));
    }
    if (member.nested) out.push(...checkDto(ir, member.nested.dto, checked));
  }
  return out;
}

/** The class-validator decorators that check a member's declared primitive type, for FW1201's hint (`@IsArray() @IsNumber({}, { each: true })`). */
function typeRule(type: DeclaredTypeIR): string {
  const rule = { string: 'IsString', number: 'IsNumber', boolean: 'IsBoolean' }[type.base];
  if (!type.array) return `@${rule}()`;
  return `@IsArray() @${rule}(${type.base === 'number' ? '{}, ' : ''}{ each: true })`;
}
