import { Module } from '@framework/core';
import { GreetingController } from './greeting/greeting.controller.js';
// #if grpc
import { GreeterGrpcController } from './greeting/greeting.grpc-controller.js';
// #endif
import { GreetingService } from './greeting/greeting.service.js';

@Module({
// #if grpc
  controllers: [GreetingController, GreeterGrpcController],
// #else
  controllers: [GreetingController],
// #endif
  injectables: [GreetingService],
})
export class AppModule {}
