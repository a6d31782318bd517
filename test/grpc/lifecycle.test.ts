import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { setTimeout as delay } from 'node:timers/promises';
import { status } from '@framework/grpc';
import { failure, probeClient, unary } from './fixtures/clients.js';
import { startApp, type StartedApp } from './fixtures/harness.js';
import { ProbeGrpc } from './fixtures/probe.js';
import type { Reply } from './fixtures/protos.js';

const test = suite('app.close() shuts the gRPC server down');

/** Starts a Slow call and resolves once its handler runs, so close() surely meets it in flight. */
async function slowCallInFlight(started: StartedApp, ms: number) {
  const before = ProbeGrpc.slowStarted;
  const call = unary<Reply>(started.probe, 'Slow', { ms });
  // Settle it right away so an early failure is reported by the test, not as an unhandled rejection.
  const outcome = call.then(
    (answer) => ({ answer }),
    (error: Error & { code: number; details: string }) => ({ error }),
  );
  for (let i = 0; i < 200 && ProbeGrpc.slowStarted === before; i++) await delay(5);
  assert.ok(ProbeGrpc.slowStarted > before, 'the slow call never reached the handler');
  // Wrapped: an async function returning the promise itself would wait for the call to end.
  return { outcome };
}

function closeClients(started: StartedApp): void {
  started.todo.close();
  started.probe.close();
}

test('calls in flight finish, then the port refuses new calls', async () => {
  const started = await startApp();
  const { outcome: inFlight } = await slowCallInFlight(started, 150);
  await started.app.close();
  const outcome = await inFlight;
  assert.ok('answer' in outcome, `the in-flight call failed: ${'error' in outcome ? outcome.error.details : ''}`);
  assert.is(outcome.answer!.response.text, 'slept 150');

  const late = probeClient(started.grpcPort);
  const error = await failure(unary(late, 'Open', {}, undefined, { deadline: Date.now() + 1000 }));
  assert.ok([status.UNAVAILABLE, status.DEADLINE_EXCEEDED].includes(error.code), `code ${error.code}`);
  late.close();
  closeClients(started);
});

test('after the shutdown timeout, calls still running are cut off', async () => {
  const started = await startApp({ grpcOptions: { shutdownTimeoutMs: 50 } });
  const { outcome: inFlight } = await slowCallInFlight(started, 2000);
  const begin = performance.now();
  await started.app.close();
  assert.ok(performance.now() - begin < 1000, 'close() waited for the slow call');
  const outcome = await inFlight;
  assert.ok('error' in outcome, 'the call must be cut off');
  assert.ok([status.CANCELLED, status.UNAVAILABLE, status.INTERNAL].includes(outcome.error!.code), `code ${outcome.error!.code}: ${outcome.error!.details}`);
  closeClients(started);
});

test('close() twice is harmless, and listen() after close says why it cannot', async () => {
  const started = await startApp();
  await started.app.close();
  await started.app.close();
  const refused = await started.grpc.listen(0).then(
    () => new Error('listen() after close() must fail'),
    (error: Error) => error,
  );
  assert.match(refused.message, 'shut down by `app.close()`');
  closeClients(started);
});

test.run();
