/**
 * `@framework/testing`: build the application from its generated tables with providers, guards,
 * interceptors, middleware and filters replaced by token, and call it in process.
 *
 * @example
 * const t = await Test.createTestingModule(tables).overrideProvider(TodoService).useValue(fake).compile();
 * const response = await t.request('/todo');
 * await t.close();
 */
export { Test, TestingModuleBuilder, type OverrideBy, type TestingModuleOptions } from './test.js';
export { TestingModule, type TestRequest } from './testing-module.js';
export { serverEvents, type TestEvent } from './server-events.js';
export type { GrpcAnswer } from './grpc-transport.js';
export { TestMetadata } from './grpc-metadata.js';
