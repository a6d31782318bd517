// What the streaming benches share: our app of src/ (its tables built here) and the hand-written
// peer, each started alone on core 0, and idle connections opened on either.
import { build } from '@framework/compiler';
import { spawn } from 'node:child_process';
import { connect } from 'node:net';

const appDir = new URL('./', import.meta.url);

/** The two servers measured side by side. */
export const STREAMING_SERVERS = [
  { id: 'framework', label: 'ours (@Sse / @Ws)', script: new URL('serve.ts', appDir).pathname },
  { id: 'peer', label: 'hand-written node:http + ws', script: new URL('peer.mjs', appDir).pathname },
];

/** The peer with its idle routes written as `async *` handlers, as ours are (for the idle figures only). */
export const GENERATOR_PEER = { id: 'peer-generator', label: 'hand-written, async * handlers', script: new URL('peer.mjs', appDir).pathname, env: { PEER_HANDLERS: 'generator' } };

/** Writes the tables of our app (apps/streaming/generated). */
export async function buildStreamingApp() {
  const built = await build({ srcDir: new URL('src', appDir).pathname, outDir: new URL('generated', appDir).pathname, root: 'AppModule', write: true });
  if (!built.ok) throw new Error(built.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
}

/** Spawns `server` on core 0 (with `nodeArgs` before its script) and resolves once it says it is ready. */
export function startStreamingServer(server, port, nodeArgs = []) {
  const child = spawn('taskset', ['-c', '0', process.execPath, '--expose-gc', ...nodeArgs, '--import', 'tsx', server.script], {
    env: { ...process.env, ...server.env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`${server.id} exited with ${code}`)));
  });
}

const IDLE_REQUESTS = {
  sse: 'GET /idle HTTP/1.1\r\nhost: x\r\n\r\n',
  ws: 'GET /echo HTTP/1.1\r\nhost: x\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n',
};

/**
 * Opens `count` idle connections (raw sockets, 500 at a time): an event stream (`sse`) or an
 * upgraded socket (`ws`) each, once the server answered. Returns the client sockets.
 */
export async function openIdle(port, kind, count) {
  const sockets = [];
  for (let i = 0; i < count; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, count - i) }, () => new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(IDLE_REQUESTS[kind]));
      socket.once('data', resolve);
      socket.once('error', reject);
      sockets.push(socket);
    })));
  }
  return sockets;
}
