/**
 * The plain-data intermediate representation produced by `discover` and read by `analyze` and `emit`.
 *
 * Nothing here holds a ts-morph node: every fact the later passes need is copied out, and every node
 * carries the {@link SourceLocation} its diagnostics point at. That keeps `analyze` and `emit` pure
 * functions that tests can feed hand-written IR.
 *
 * @example
 * const route: RouteIR = { methodName: 'findOne', httpMethod: 'GET', path: '/:id', status: 200, params: [...], ... };
 */

export type * from './source.js';
export type * from './providers.js';
export type * from './modules.js';
export type * from './chain.js';
export type * from './params.js';
export type * from './dtos.js';
export type * from './schemas.js';
export type * from './http.js';
export type * from './controllers.js';
export type * from './program.js';
export type * from './grpc.js';
export type * from './api.js';
