// The runtime's server adapters, black-box: the fixture app compiled once, started under Deno
// (Deno.serve and node:http2 of Deno) and under Node (its own node:http server), same assertions.
import { buildFixture } from './fixture.js';
import { registerBrowserSuites } from './browser-suite.js';
import { registerFixtureSuites, JWT_SECRET } from './fixture-suite.js';
import { registerStreamingSuite } from './streaming-suite.js';
import { denoExecutable, denoRunFlags, launch } from '../launch.js';

const { main, proto } = await buildFixture();
const deno = denoExecutable();

const onDeno = (env: Record<string, string> = {}) => launch((deno as { path: string }).path, [...denoRunFlags([proto]), main], { env: { JWT_SECRET, ...env } });
const onNode = (env: Record<string, string> = {}) => launch(process.execPath, [main], { env: { JWT_SECRET, ...env } });

if ('reason' in deno) console.log(`skipped the Deno suites: ${deno.reason}`);
else {
  registerFixtureSuites('deno', onDeno);
  registerStreamingSuite('deno', onDeno);
  registerBrowserSuites('deno', onDeno);
}
registerFixtureSuites('node', onNode);
registerStreamingSuite('node', onNode);
registerBrowserSuites('node', onNode);
