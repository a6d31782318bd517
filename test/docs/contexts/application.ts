// An application's entry point: the tables framework-build wrote and the root module.
import { FrameworkApplication } from '@framework/core';
declare const tables: ConstructorParameters<typeof FrameworkApplication>[0];
declare class AppModule {}
