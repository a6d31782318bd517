// Run with `node --import tsx`: times FrameworkApplication.init on generated tables (no listen).
// Usage: init-app.mjs <tables.ts> <module file> <RootModule> [--profile <file.cpuprofile>]
// `--profile` records a CPU profile of `init` alone (not of loading the modules before it).
import { FrameworkApplication } from '@framework/core';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';

const [tablesFile, moduleFile, rootName, flag, profileFile] = process.argv.slice(2);
const { tables } = await import(pathToFileURL(tablesFile).href);
const root = (await import(pathToFileURL(moduleFile).href))[rootName];
// Loaded before the clock starts, like the application's own imports.
const grpc = tables.grpc.length > 0 ? await import('@framework/grpc') : undefined;
const session = flag === '--profile' ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
}
const started = performance.now();
const cpuBefore = process.cpuUsage();
const app = new FrameworkApplication(tables);
if (grpc) new grpc.GrpcServer(app); // must exist before init when the tables have gRPC services
await app.init(root);
const initMs = performance.now() - started;
const { user, system } = process.cpuUsage(cpuBefore);
const initCpuMs = (user + system) / 1000;
if (session) writeFileSync(profileFile, JSON.stringify((await session.post('Profiler.stop')).profile));
const controllers = tables.modules.reduce((n, m) => n + m.controllers.length, 0);
console.log(JSON.stringify({ initMs, initCpuMs, controllers, routes: tables.routes.length, grpcServices: tables.grpc.length }));
