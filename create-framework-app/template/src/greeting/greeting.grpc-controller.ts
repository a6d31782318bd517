import { fileURLToPath } from 'node:url';
import { GrpcController, GrpcMethod, GrpcPayload, loadProto } from '@framework/grpc';
import { GreetingService, type Greeting } from './greeting.service.js';

// Anchored on this module's URL, so the path does not depend on the working directory.
const proto = loadProto(fileURLToPath(new URL('./greeting.proto', import.meta.url)));

/** `greeting.HelloRequest` */
export interface HelloRequest {
  name: string;
}

/** `greeting.Greeter` over gRPC, sharing the one GreetingService with the HTTP controller. */
@GrpcController(proto.greeting.Greeter.service)
export class GreeterGrpcController {
  constructor(private readonly greetings: GreetingService) {}

  @GrpcMethod()
  SayHello(@GrpcPayload() request: HelloRequest): Greeting {
    return this.greetings.create(request.name);
  }
}
