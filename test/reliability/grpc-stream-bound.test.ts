// gRPC calls open at once on one connection are bounded by default: the server advertises 100
// concurrent streams (it advertised 4294967295, and 10,000 open calls on one connection held
// 95 MB). A client over the bound is not refused outright: its extra calls wait and proceed as
// others end. (Since Node 22, Node's HTTP/2 server may refuse some of them instead when many
// calls are cancelled at once, as a defence against rapid resets: those end RESOURCE_EXHAUSTED,
// which a client may retry; none is left hanging.)
import { connect } from 'node:http2';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { credentials, loadPackageDefinition, status, type ClientReadableStream, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { startExample } from './fixtures/example.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the server advertises 100 concurrent streams per connection', async () => {
  const example = await startExample();
  const session = connect(`http://${example.grpcAddress}`);
  try {
    const settings = await new Promise<{ maxConcurrentStreams?: number }>((resolve, reject) => {
      session.once('remoteSettings', resolve);
      session.once('error', reject);
    });
    assert.is(settings.maxConcurrentStreams, 100);
  } finally {
    session.close();
    await example.close();
  }
});

test('150 streaming calls on one connection: 100 run, the others wait and run as calls end (or, on Node 22 and later, are refused)', async () => {
  const example = await startExample();
  // Health Watch calls stay open (and are not throttled): each answers the current status at once.
  const protoPath = fileURLToPath(new URL('../../node_modules/grpc-health-check/proto/health/v1/health.proto', import.meta.url));
  const Health = (loadPackageDefinition(loadSync(protoPath)) as any).grpc.health.v1.Health;
  const client = new Health(example.grpcAddress, credentials.createInsecure());
  const calls: ClientReadableStream<unknown>[] = [];
  const answered = new Set<number>();
  const refused = new Set<number>();
  try {
    for (let i = 0; i < 150; i++) {
      const call: ClientReadableStream<unknown> = client.Watch({ service: '' });
      call.on('data', () => answered.add(i));
      call.on('error', (error: ServiceError) => {
        if (error.code === status.RESOURCE_EXHAUSTED) refused.add(i);
      });
      calls.push(call);
    }
    await waitFor(() => answered.size >= 100);
    await sleep(300);
    assert.is(answered.size, 100, 'only 100 calls are open on the connection at once');
    for (const i of [...answered].slice(0, 50)) calls[i]!.cancel();
    await waitFor(() => answered.size + refused.size === 150);
    assert.is(answered.size + refused.size, 150, 'every waiting call ran once others ended, or was refused');
    // Node 20's HTTP/2 server lets every one of them wait and run.
    if (Number(process.versions.node.split('.')[0]) < 22) assert.is(refused.size, 0, 'on Node 20 none is refused');
    assert.equal(example.errors, []);
  } finally {
    for (const call of calls) call.cancel();
    client.close();
    await example.close();
  }
});

async function waitFor(done: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await sleep(20);
}

test.run();
