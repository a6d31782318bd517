import { browserCatalogue } from './catalogue/browser.js';
import { chainCatalogue } from './catalogue/chain.js';
import type { Entry } from './catalogue/entry.js';
import { grpcCatalogue } from './catalogue/grpc.js';
import { guardsCatalogue } from './catalogue/guards.js';
import { httpCatalogue } from './catalogue/http.js';
import { modulesCatalogue } from './catalogue/modules.js';
import { openApiCatalogue } from './catalogue/openapi.js';
import { setupCatalogue } from './catalogue/setup.js';
import { standardSchemaCatalogue } from './catalogue/standard-schema.js';
import { streamingCatalogue } from './catalogue/streaming.js';
import { throttlerCatalogue } from './catalogue/throttler.js';
import { uploadsCatalogue } from './catalogue/uploads.js';
import { validationCatalogue } from './catalogue/validation.js';
import { wiringCatalogue } from './catalogue/wiring.js';
import { answersCatalogue } from './catalogue/answers.js';

export type { Entry, Severity } from './catalogue/entry.js';

/**
 * Every diagnostic `framework-build` can report: a stable code, a severity, and templates for the
 * message (what is wrong, where) and the hint (how to fix it). Codes never change meaning; retired
 * codes are not reused. One file of `catalogue/` per range:
 *
 * - FW10xx (`modules.ts`): modules, dependency injection, the build itself, and decorators or classes
 *   written where or how the compiler cannot read them.
 * - FW12xx (`http.ts`): HTTP routes, their parameters and body DTOs.
 * - FW13xx (`guards.ts`): guards.
 * - FW14xx (`grpc.ts`): gRPC controllers and `.proto` files.
 * - FW15xx (`throttler.ts`): throttler configuration.
 * - FW16xx (`setup.ts`): project set-up (tsconfig.json, package.json), reported before tsc ever runs.
 * - FW17xx (`validation.ts`): compiled validation of DTOs.
 * - FW18xx (`chain.ts`): the request chain's classes (guards, interceptors, filters, middleware, pipes) and typed parameters.
 * - FW19xx (`chain.ts`): safe defaults (wiring that would fail or run unchecked at run time).
 * - FW20xx (`modules.ts`): factory and alias providers (`useFactory`, `useExisting`).
 * - FW21xx (`openapi.ts`): the OpenAPI document and the typed client.
 * - FW22xx (`grpc.ts`): gRPC streaming and message shapes.
 * - FW23xx (`wiring.ts`): wiring of the newer capabilities (interceptor options, pipes, configuration).
 * - FW24xx (`streaming.ts`): streaming HTTP routes (server-sent events, WebSockets).
 * - FW25xx (`standard-schema.ts`): Standard Schema values (Zod, Valibot, ArkType…) in `@Body`, `@Query` and configuration.
 * - FW26xx (`answers.ts`, `browser.ts`): response headers, redirects and API versioning of HTTP routes, and what browsers are allowed (CORS).
 * - FW27xx (`uploads.ts`): uploads (`@Form`, `@UploadedFile`, `@UploadedFiles`, `@BodyLimit`).
 *
 * @example
 * const d = diagnostic('FW1202', location, { name: 'x', handler: 'TodoController.findOne', path: '/todo/:id', params: [':id'] });
 */
export const catalogue = {
  ...modulesCatalogue,
  ...httpCatalogue,
  ...guardsCatalogue,
  ...grpcCatalogue,
  ...throttlerCatalogue,
  ...setupCatalogue,
  ...validationCatalogue,
  ...chainCatalogue,
  ...openApiCatalogue,
  ...wiringCatalogue,
  ...streamingCatalogue,
  ...standardSchemaCatalogue,
  ...answersCatalogue,
  ...browserCatalogue,
  ...uploadsCatalogue,
} satisfies Record<string, Entry>;

export type DiagnosticCode = keyof typeof catalogue;
