import { Module } from '@framework/core';
import { AppModule } from '../http/app.module.js';
import { TodoGrpcController } from './todo.grpc.js';

/** Root of the gRPC build (`framework-build --root GrpcAppModule`): the HTTP app plus the gRPC controller. */
@Module({ imports: [AppModule], controllers: [TodoGrpcController] })
export class GrpcAppModule {}
