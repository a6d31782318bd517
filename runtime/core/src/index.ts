/**
 * `@framework/core`: decorators, the application, guards, exceptions and the throttler.
 *
 * @example
 * import { FrameworkApplication, Controller, Get, Module } from '@framework/core';
 */
export * from './tables.js';
export type { ArgumentSource, HttpRequest, GrpcMetadataLike } from './chain/argument-source.js';
export type { ExecutionContext, Transport } from './chain/execution-context.js';
export { Module, Injectable, Inject, SCOPE, GLOBAL_GUARD } from './decorators/module.js';
export { Controller, Get, Post, Put, Delete, Patch, Head, Options, All, HttpCode } from './decorators/http.js';
export { Req, Body, Query, Param, Header, Ctx } from './decorators/params.js';
export { UseGuard, Middleware, UseFilter, Catch } from './decorators/chain.js';
export { Throttle, SkipThrottle, type ThrottleOverrides } from './decorators/throttle.js';
export type { ModuleOptions, InjectableEntry } from './decorators/records.js';
export { injectableValue, injectableToken } from './di/module-values.js';
export { dynamicModuleValue, type DynamicModule } from './di/dynamic-module.js';
/** For transport packages (`@framework/grpc`): the records its decorators keep. */
export { recordGrpcService, grpcServiceOf } from './decorators/records.js';
export { FrameworkApplication, type ApplicationOptions } from './application/application.js';
export type { ApplicationTransport, TransportHost } from './application/transport.js';
export { StaleTablesError } from './application/stale-check.js';
export type { AuthGuard, FrameworkMiddleware, ExceptionFilter, OnAppBootstrap, OnAppClose } from './chain/contracts.js';
export type { Call, PreparedHandler } from './chain/call.js';
export { CallBase, type HandlerRuntime } from './chain/call-base.js';
export { isThenable } from './chain/thenable.js';
export type { Logger } from './http/respond.js';
export type { ServerBindings } from './http/server-adapter.js';
export { HttpException } from './exceptions/http-exception.js';
export * from './exceptions/built-in.js';
export {
  NotValidBodyException,
  MalformedBodyException,
  BodyTooLargeException,
  ThrottlerException,
  type ValidationReason,
} from './exceptions/request-exceptions.js';
export { GrpcCode, grpcCodeFor, type GrpcCodeNumber } from './exceptions/grpc-status.js';
export { Injector, type RequestScope } from './di/injector.js';
export * from './throttler/index.js';
export * from './auth/index.js';
