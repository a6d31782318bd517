/**
 * `@framework/core`: decorators, the application, guards, exceptions and the throttler.
 *
 * @example
 * import { FrameworkApplication, Controller, Get, Module } from '@framework/core';
 */
export * from './contract/tables.js';
export type { Class } from './types/class.js';
export type { Token } from './types/token.js';
export type { Logger } from './types/logger.js';
export type { StandardSchemaV1 } from './types/standard-schema.js';
export type { ArgumentSource, HttpRequest, GrpcMetadataLike } from './contract/argument-source.js';
export type { ExecutionContext, HttpExecutionContext, GrpcExecutionContext, CallContext, Transport } from './contract/execution-context.js';
export { Module, Injectable, Inject, SCOPE, GLOBAL_GUARD, GLOBAL_INTERCEPTOR } from './decorators/module.js';
export { Controller, Get, Post, Put, Delete, Patch, Head, Options, All, HttpCode, SetHeader, Redirect, Version, VERSION_NEUTRAL, type ControllerOptions, type VersionValue } from './decorators/http.js';
export { routeAnswer, type RouteAnswer } from './http/context/route-answer.js';
export type { VersioningOptions } from './http/versioning/versioned-entries.js';
export { Req, Body, Query, Param, Header, Ctx, Cookie, type BodyOptions, type QueryOptions, type CookieReadOptions } from './decorators/params.js';
export * from './http/cookies/index.js';
export type { SetCookieOptions } from './contract/set-cookie-options.js';
export { UseGuard, UseInterceptors, Middleware, UseFilter, Catch } from './decorators/chain.js';
export { Throttle, SkipThrottle, type ThrottleOverrides } from './decorators/throttle.js';
export type { ModuleOptions, InjectableEntry, FactoryProvider } from './decorators/records.js';
export { injectableValue, injectableToken, injectableFactory } from './di/module-values.js';
export { classFactory } from './di/class-factory.js';
export type { DynamicModule } from './decorators/dynamic-module.js';
export { dynamicModuleValue } from './di/dynamic-module-value.js';
export { FrameworkApplication } from './application/application.js';
export type { ApplicationOptions, ApplicationStats } from './application/options.js';
export { DEFAULT_SERVER_LIMITS, type ServerLimits } from './http/server-limits.js';
export { StaleTablesError } from './application/stale-check.js';
export type { AuthGuard, RouteAwareGuard, Interceptor, RouteAwareInterceptor, RouteFacts, FrameworkMiddleware, ExceptionFilter, OnAppBootstrap, OnAppClose } from './chain/contracts.js';
export type { ServerBindings } from './http/served-http.js';
export { HttpException } from './exceptions/http-exception.js';
export * from './exceptions/built-in.js';
export {
  NotValidBodyException,
  MalformedBodyException,
  BodyTooLargeException,
  RequestAbortedException,
  ThrottlerException,
  HandlerTimeoutException,
  InvalidParameterException,
  NotValidQueryException,
  type ParameterPlace,
  type ValidationReason,
} from './exceptions/request-exceptions.js';
export { GrpcCode, grpcCodeFor, type GrpcCodeNumber } from './exceptions/grpc-status.js';
export type { FrameworkErrorStatus } from './exceptions/error-status.js';
export * from './throttler/index.js';
export * from './health/index.js';
export * from './auth/index.js';
export * from './cors/index.js';
export type { SecurityHeadersOptions, SecurityHeadersSetting } from './http/browser/security-headers.js';
export { WELL_KNOWN_CREDENTIAL_HEADERS, type CredentialSource } from './network/credential-headers.js';
export * from './interceptors/index.js';
export * from './params/index.js';
export type { DocsOptions } from './swagger-ui/docs-page.js';
export type { StaticOptions } from './http/files/static-options.js';
export type { ListenOptions, TlsOptions } from './http/listen-options.js';
export { ETag } from './http/encoding/etag-decorator.js';
export type { CompressionOptions } from './http/encoding/compression-options.js';
export { Sse, Ws, Messages } from './http/streaming/decorators.js';
export { ServerSentEvent, sseEvent, type SseFields } from './http/streaming/sse/server-sent-event.js';
export { DEFAULT_STREAMING_OPTIONS, type StreamingOptions } from './http/streaming/options.js';
export { CloseCode } from './http/streaming/websocket/close-codes.js';
export type { ObservabilityOptions } from './telemetry/observability.js';
export type { RequestLogOptions, LogLevel } from './logging/request-log.js';
export { propagateTraceContext } from './telemetry/propagate.js';
export * from './http/uploads/index.js';
