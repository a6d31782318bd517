import { Module } from '@framework/core';
import { TodoGrpcController } from './todo.grpc.js';

/**
 * Root of the gRPC build (`framework-build --root GrpcAppModule`): the gRPC controller alone, so
 * that the gRPC rows measure a gRPC service, as raw grpc-js and NestJS's gRPC microservice serve.
 */
@Module({ controllers: [TodoGrpcController] })
export class GrpcAppModule {}
