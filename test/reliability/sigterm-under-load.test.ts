// SIGTERM to the compiled example while 20 keep-alive HTTP connections and a gRPC client keep it
// busy: every request the server received is answered (the last one on each connection with
// `Connection: close`), nothing is reset, the process exits 0, and it exits as soon as the calls
// are done rather than after the 5 s grace period.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { status as grpcStatus, type ServiceError } from '@grpc/grpc-js';
import { launch } from '../launch.js';
import { hs256 } from '../auth/fixtures/tokens.js';
import { call, todoClient } from '../e2e/grpc-client.js';

const main = fileURLToPath(new URL('../../examples/todo/dist/examples/todo/src/main.js', import.meta.url));
const JWT_SECRET = 'sigterm-secret-of-at-least-32-bytes-long';
const CONNECTIONS = 20;

interface Outcome {
  answered: number;
  closeAnswers: number;
  refused: number;
  resets: string[];
}

/** One keep-alive connection's loop of GET /todo until the server says close or refuses. */
async function loop(port: number, token: string, agent: Agent, outcome: Outcome, stop: () => boolean): Promise<void> {
  for (;;) {
    const result = await new Promise<'again' | 'close' | 'refused' | 'reset'>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/todo', agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          outcome.answered++;
          const close = res.headers.connection === 'close';
          if (close) outcome.closeAnswers++;
          resolve(close ? 'close' : 'again');
        });
        res.on('error', (error) => {
          outcome.resets.push(`response: ${error.message}`);
          resolve('reset');
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') {
          outcome.refused++;
          resolve('refused');
        } else {
          outcome.resets.push(`${error.code ?? ''} ${error.message}`);
          resolve('reset');
        }
      });
      req.end();
    });
    if (result === 'refused' || result === 'reset' || (result === 'close' && stop())) return;
  }
}

test('SIGTERM under load: no request reset, each busy connection told to close, exit 0 well within the grace period', async () => {
  const server = await launch(process.execPath, [main], { env: { JWT_SECRET } });
  const port = Number(new URL(server.base).port);
  const token = await hs256({ sub: 'load', roles: ['user'] }, JWT_SECRET);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const outcome: Outcome = { answered: 0, closeAnswers: 0, refused: 0, resets: [] };
  let signalled = false;
  const loops = Array.from({ length: CONNECTIONS }, () => loop(port, token, agent, outcome, () => signalled));

  const grpc = todoClient(server.grpcAddress);
  const grpcFailures: string[] = [];
  let grpcAnswered = 0;
  const grpcLoop = (async () => {
    for (let i = 0; i < 10_000; i++) {
      const answer = await call(grpc.CreateTodo, grpc, { title: `t${i}` }, token);
      // The example throttles 100 calls a minute per caller: a refusal is an answer, not a cut.
      if ('code' in answer && (answer as ServiceError).code === grpcStatus.RESOURCE_EXHAUSTED) {
        grpcAnswered++;
        continue;
      }
      if ('code' in answer) {
        // After the GOAWAY the client cannot reconnect: UNAVAILABLE before the call is sent.
        if ((answer as ServiceError).code !== grpcStatus.UNAVAILABLE || /RST_STREAM|dropped/i.test(answer.details)) grpcFailures.push(`${answer.code} ${answer.details}`);
        return;
      }
      grpcAnswered++;
    }
  })();

  await new Promise((r) => setTimeout(r, 700));
  const answeredBefore = outcome.answered;
  signalled = true;
  const started = Date.now();
  await server.stop();
  const exitMs = Date.now() - started;
  await Promise.all([...loops, grpcLoop]);
  grpc.close();
  agent.destroy();

  assert.is(await server.exited, 0, `exit code; output:\n${server.output()}`);
  assert.equal(outcome.resets, [], 'no HTTP request was reset');
  assert.equal(grpcFailures, [], 'no gRPC call was cut');
  assert.ok(answeredBefore > CONNECTIONS, `load ran (${answeredBefore} answered before SIGTERM)`);
  assert.ok(grpcAnswered > 0, 'gRPC calls were answered');
  assert.ok(outcome.closeAnswers >= 1, `busy connections were answered with Connection: close (${outcome.closeAnswers})`);
  assert.ok(exitMs < 3000, `exited ${exitMs} ms after SIGTERM (the grace period is 5000 ms)`);
  assert.match(server.output(), /SIGTERM, closed in \d+ ms/);
  console.log(`  SIGTERM: exit in ${exitMs} ms; HTTP ${outcome.answered} answered (${outcome.closeAnswers} with Connection: close), ${outcome.refused} refused after close; gRPC ${grpcAnswered} answered`);
});

test('SIGINT (Ctrl-C) closes the example the same way, with exit code 0', async () => {
  const server = await launch(process.execPath, [main], { env: { JWT_SECRET } });
  assert.is((await fetch(`${server.base}/health`)).status, 200);
  process.kill(server.pid, 'SIGINT');
  assert.is(await server.exited, 0, server.output());
  assert.match(server.output(), /SIGINT, closed in \d+ ms/);
});

test.run();
