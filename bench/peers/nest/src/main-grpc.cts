// A NestJS 12 gRPC microservice serving todo.TodoService.
import 'reflect-metadata';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GrpcMethod, Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { grpcPort, protoPath } from './common.cjs';

@Controller()
class TodoGrpcController {
  private nextId = 1;

  @GrpcMethod('TodoService', 'GetTodo')
  getTodo(request: { id: string }) {
    return { id: request.id, title: 'todo', done: false };
  }

  @GrpcMethod('TodoService', 'CreateTodo')
  createTodo(request: { title: string }) {
    return { id: String(this.nextId++), title: request.title, done: false };
  }
}

@Module({ controllers: [TodoGrpcController] })
class GrpcModule {}

async function main(): Promise<void> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(GrpcModule, {
    logger: false,
    transport: Transport.GRPC,
    options: { package: 'todo', protoPath, url: `127.0.0.1:${grpcPort}`, loader: { keepCase: true, defaults: true } },
  });
  await app.listen();
  console.log(`ready - ${grpcPort}`);
}
void main();
