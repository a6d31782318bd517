// An OTLP/HTTP endpoint that accepts every export and keeps nothing: what the "+ SDK" peers export
// to, so that their cost is the SDK's work in the server, not a collector's. Started by the runner
// (on its own core) only when such a peer is measured.
import { createServer } from 'node:http';

/** Starts the sink on a free loopback port; resolves with its endpoint and a close function. */
export async function startOtlpSink() {
  let spansBytes = 0;
  const server = createServer((request, response) => {
    request.on('data', (chunk) => (spansBytes += chunk.length));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/x-protobuf' });
      response.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${server.address().port}`,
    received: () => spansBytes,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
