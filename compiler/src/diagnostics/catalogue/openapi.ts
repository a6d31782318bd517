import type { Entry } from './entry.js';

/**
 * FW21xx: the OpenAPI document and the typed client.
 * Part of the diagnostics catalogue (`../catalogue.ts`), whose conventions hold here.
 *
 * @example
 * openApiCatalogue.FW2101.severity // 'warning'
 */
export const openApiCatalogue = {
  FW2101: {
    severity: 'warning',
    message: (a) => `@throws {${a.name}} on ${a.handler} names an exception whose status the compiler cannot tell, so the OpenAPI document leaves it out.`,
    hint: (a) => `name a built-in exception class of @framework/core (@throws {NotFoundException} when …), or write the status after the type: @throws {${a.name}} 409 when ….`,
  },
  FW2102: {
    severity: 'error',
    message: (a) => `${a.second} and ${a.first} (${a.firstAt}) get the same operation '${a.id}' in the OpenAPI document and the typed client: two controllers with the same class name have a handler of the same name.`,
    hint: () => 'rename one of the controller classes or one of the handlers: operations are named <controller without "Controller">.<handler>.',
  },
} satisfies Record<string, Entry>;
