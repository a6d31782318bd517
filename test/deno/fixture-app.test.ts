// The runtime's server adapters, black-box: the fixture app compiled once, started under Deno
// (Deno.serve and node:http2 of Deno) and under Node (@hono/node-server), same assertions.
import { fileURLToPath } from 'node:url';
import { buildFixture } from './fixture.js';
import { registerFixtureSuites, JWT_SECRET } from './fixture-suite.js';
import { denoExecutable, denoRunFlags, launch } from '../launch.js';

const { main, proto } = await buildFixture();
const deno = denoExecutable();

if ('reason' in deno) console.log(`skipped the Deno suites: ${deno.reason}`);
else registerFixtureSuites('deno', () => launch(deno.path, [...denoRunFlags([proto]), main], { env: { JWT_SECRET } }));

registerFixtureSuites('node', () => launch(process.execPath, [main], { env: { JWT_SECRET } }));
