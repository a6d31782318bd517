import type { ValidationPlans } from '../../analyze/validation/validation-plans.js';
import type { RouteModel } from '../../analyze/model.js';
import type { JsonSchema, JsonValue } from '../../ir/api.js';
import type { Components } from './components.js';
import { dtoSchemaRef } from './dto-schema.js';

/** The default `maxCount` of `@UploadedFiles`, as the runtime reads it. */
const DEFAULT_MAX_COUNT = 10;

/**
 * The `multipart/form-data` request body of a form route: its `@Form()` class's fields (the same
 * component as a JSON body of that class) and its files as `format: binary` strings (an array for
 * `@UploadedFiles`, with `maxItems`), required as the handler declares them; the allowed `types`
 * of a file as its part's `encoding.contentType`. Undefined for a route without a form.
 *
 * @example
 * formRequestBody(components, plans, route)
 * // { required: true, content: { 'multipart/form-data': { schema: { allOf: [{ $ref: '…/ProfileForm' }, { type: 'object', properties: { avatar: { type: 'string', format: 'binary' } }, required: ['avatar'] }] }, encoding: { avatar: { contentType: 'image/png, image/jpeg' } } } } }
 */
export function formRequestBody(components: Components, plans: ValidationPlans, route: RouteModel): JsonValue | undefined {
  const { form } = route;
  if (!form) return undefined;
  const fieldsDto = route.params.find((p) => p.source.kind === 'form')?.dto;
  const binary: JsonSchema = { type: 'string', format: 'binary' };
  const properties: Record<string, JsonValue> = {};
  const required: string[] = [];
  const encoding: Record<string, JsonValue> = {};
  for (const file of form.files) {
    const sizes: JsonSchema = file.maxBytes !== undefined ? { description: `At most ${file.maxBytes} bytes.` } : {};
    properties[file.field] = file.many ? { type: 'array', items: binary, maxItems: file.maxCount ?? DEFAULT_MAX_COUNT, ...sizes } : { ...binary, ...sizes };
    if (file.required) required.push(file.field);
    if (file.types) encoding[file.field] = { contentType: file.types.join(', ') };
  }
  const files: JsonSchema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  const schema: JsonValue = fieldsDto ? { allOf: [dtoSchemaRef(components, plans, fieldsDto), files] } : files;
  return { required: true, content: { 'multipart/form-data': { schema, ...(Object.keys(encoding).length > 0 ? { encoding } : {}) } } };
}
