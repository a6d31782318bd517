// The runtime's server adapters, black-box: the fixture app compiled once, started under Deno
// (Deno.serve and node:http2 of Deno) and under Node (@hono/node-server), same assertions.
import { fileURLToPath } from 'node:url';
import { buildFixture } from './fixture.js';
import { registerFixtureSuites, JWT_SECRET } from './fixture-suite.js';
import { registerStreamingSuite } from './streaming-suite.js';
import { denoExecutable, denoRunFlags, launch } from '../launch.js';

const { main, proto } = await buildFixture();
const deno = denoExecutable();
// The gRPC server's health service loads the standard health.proto of grpc-health-check (whose
// loader checks access to it, which Deno lets it do with the uid).
const healthProto = fileURLToPath(new URL('../../node_modules/grpc-health-check/proto/health/v1/health.proto', import.meta.url));

const onDeno = () => launch((deno as { path: string }).path, [...denoRunFlags([proto, healthProto]), '--allow-sys=uid', main], { env: { JWT_SECRET } });
const onNode = () => launch(process.execPath, [main], { env: { JWT_SECRET } });

if ('reason' in deno) console.log(`skipped the Deno suites: ${deno.reason}`);
else {
  registerFixtureSuites('deno', onDeno);
  registerStreamingSuite('deno', onDeno);
}
registerFixtureSuites('node', onNode);
registerStreamingSuite('node', onNode);
