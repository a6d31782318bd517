import type { AppModel, RouteModel } from '../../analyze/model.js';
import type { JsonSchema, JsonValue } from '../../ir/api.js';
import { Components } from './components.js';
import { dtoSchemaRef } from './dto-schema.js';
import { methodsOf, operationIdOf, tagOf } from '../../analyze/operation-ids.js';
import { openApiPath } from './operations.js';
import { placementsOf, versionFields, type Placement } from './versions.js';
import { parametersOf } from './parameters.js';
import { isGuarded, responsesOf } from './responses.js';
import type { SchemaDocuments } from '../../schemas/json-schemas.js';
import { schemaBodyRef } from './schema-components.js';
import { formRequestBody } from './form-body.js';

/** The `info` and `servers` of the document (`framework-build --openapi-title …`, or `"frameworkBuild": { "openapi": {…} }`). */
export interface OpenApiOptions {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  readonly servers?: readonly string[];
}

/**
 * The application's OpenAPI 3.1 document, from the same model the tables are emitted from:
 * one operation per route (and HTTP method), tagged by controller, with its parameters, its body
 * as the JSON Schema of its DTO's rules, its responses, and the bearer scheme on guarded routes
 * that are not `@Public()`. Deterministic: routes in table order, components sorted.
 *
 * @example
 * JSON.parse(emitOpenApi(model, { title: 'Todo', version: '1.0.0' })).paths['/todo/{id}'].get.operationId // 'todo.findOne'
 */
export function emitOpenApi(app: AppModel, options: OpenApiOptions, documents?: SchemaDocuments): string {
  return `${JSON.stringify(openApiDocument(app, options, documents), null, 2)}\n`;
}

/**
 * The document as data (what {@link emitOpenApi} writes, and what the typed client is emitted from).
 * `documents` holds the JSON Schemas of the Standard Schemas bodies and query objects use (see `schemas/json-schemas.ts`).
 */
export function openApiDocument(app: AppModel, options: OpenApiOptions, documents: SchemaDocuments = new Map()): OpenApiDocument {
  const components = new Components();
  const paths: Record<string, Record<string, JsonValue>> = {};
  const tags = new Map<string, string | undefined>();
  let bearer = false;
  // A socket is no HTTP operation OpenAPI can describe (its messages are typed by the handler).
  for (const route of app.routes.filter((r) => r.stream !== 'websocket')) {
    tags.set(tagOf(route), tags.get(tagOf(route)) ?? route.controllerDoc);
    for (const placement of placementsOf(route, app.versioning)) {
      const path = openApiPath(placement.path);
      for (const method of methodsOf(route)) {
        const secured = isGuarded(app, route) && !route.api?.public;
        const taken = paths[path]?.[method] as Record<string, JsonValue> | undefined;
        // Header or media-type versions of one path share its operation: the first one's, which names the others.
        if (taken) {
          const other = `Version ${route.versions?.values.join(', ') ?? '(none)'} is served by ${route.name}, whose answer is not described here.`;
          taken.description = typeof taken.description === 'string' ? `${taken.description}\n\n${other}` : other;
          continue;
        }
        bearer ||= secured;
        (paths[path] ??= {})[method] = operation(app, components, route, method, secured, documents, placement);
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: options.title, version: options.version, ...(options.description ? { description: options.description } : {}) },
    ...(options.servers && options.servers.length > 0 ? { servers: options.servers.map((url) => ({ url })) } : {}),
    tags: [...tags.entries()].map(([name, description]) => ({ name, ...(description ? { description } : {}) })),
    paths,
    components: {
      schemas: components.toJSON(),
      ...(bearer ? { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } } : {}),
    },
  };
}

/** The parts of an OpenAPI document the emitters read. */
export interface OpenApiDocument {
  readonly openapi: string;
  readonly info: JsonValue;
  readonly paths: Readonly<Record<string, Readonly<Record<string, JsonValue>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, JsonSchema>>; readonly securitySchemes?: JsonValue };
  readonly [key: string]: unknown;
}

function operation(
  app: AppModel,
  components: Components,
  route: RouteModel,
  method: string,
  secured: boolean,
  documents: SchemaDocuments,
  placement: Placement,
): Record<string, JsonValue> {
  const api = route.api;
  const versions = versionFields(route, app.versioning);
  const parameters = [...parametersOf(components, app.validation, route, documents), ...(versions.parameter ? [versions.parameter] : [])];
  const form = formRequestBody(components, app.validation, route);
  const body = form
    ? undefined
    : route.body
    ? route.bodyArray
      ? { type: 'array', items: dtoSchemaRef(components, app.validation, route.body) }
      : dtoSchemaRef(components, app.validation, route.body)
    : route.bodySchema
      ? schemaBodyRef(components, documents, route.bodySchema)
      : route.readsBody
        ? {}
        : undefined;
  return {
    operationId: `${operationIdOf(route, method)}${placement.idSuffix}`,
    tags: [tagOf(route)],
    ...(api?.summary ? { summary: api.summary } : {}),
    ...(api?.description ? { description: api.description } : {}),
    ...(api?.deprecated ? { deprecated: true } : {}),
    ...(parameters.length > 0 ? { parameters: parameters as unknown as JsonValue } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    ...(form ? { requestBody: form } : {}),
    responses: responsesOf(app, components, route),
    ...(secured ? { security: [{ bearer: [] }] } : {}),
    ...versions.extension,
  };
}
