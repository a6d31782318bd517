// Run with `node --import tsx`: times FrameworkApplication.init on generated tables (no listen).
// Usage: init-app.mjs <tables.ts> <module file> <RootModule>
import { FrameworkApplication } from '@framework/core';
import { pathToFileURL } from 'node:url';

const [tablesFile, moduleFile, rootName] = process.argv.slice(2);
const { tables } = await import(pathToFileURL(tablesFile).href);
const root = (await import(pathToFileURL(moduleFile).href))[rootName];
// Loaded before the clock starts, like the application's own imports.
const grpc = tables.grpc.length > 0 ? await import('@framework/grpc') : undefined;
const started = performance.now();
const app = new FrameworkApplication(tables);
if (grpc) new grpc.GrpcServer(app); // must exist before init when the tables have gRPC services
await app.init(root);
const initMs = performance.now() - started;
const controllers = tables.modules.reduce((n, m) => n + m.controllers.length, 0);
console.log(JSON.stringify({ initMs, controllers, routes: tables.routes.length, grpcServices: tables.grpc.length }));
