// A call a balancer has written to an instance just as the instance begins to shut down is
// answered, not refused. nginx opens a connection per gRPC call and writes the call right behind
// the handshake; a GOAWAY that crosses it names no stream of the connection, and nginx may not
// retry the call (a POST it has sent): the rolling restart behind nginx failed such calls. A relay
// holds the call's bytes "on the wire" while the drain begins, so the crossing happens every time.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { connect } from 'node:http2';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { startApp } from '../grpc/fixtures/harness.js';
import { startHeldProxy } from './fixtures/held-proxy.js';
import { grpcFrame, rawGrpcCall } from './fixtures/raw-grpc.js';

const NGHTTP2_REFUSED_STREAM = 7;

test('a call on its way when the drain begins is served, and the connection then closes', async () => {
  const started = await startApp();
  const proxy = await startHeldProxy(started.grpcPort);
  const session = connect(`http://127.0.0.1:${proxy.port}`);
  try {
    await once(session, 'remoteSettings');
    proxy.hold();
    const call = rawGrpcCall(session, '/probe.ProbeService/Open', [grpcFrame(Buffer.alloc(0))]);
    await delay(20); // the call has left the client: the relay keeps it
    const closing = started.app.close();
    await delay(100); // whatever the server says first reaches the client before the call reaches the server
    proxy.release();
    const outcome = await call;
    assert.is(outcome.rstCode, 0, outcome.rstCode === NGHTTP2_REFUSED_STREAM ? 'the call was refused (REFUSED_STREAM)' : `stream reset ${outcome.rstCode}`);
    assert.is(outcome.status, 0, `grpc-status ${outcome.status} ${outcome.message}`);
    await closing;
    assert.ok(session.closed || session.destroyed || (await Promise.race([once(session, 'close').then(() => true), delay(1000).then(() => false)])), 'the server closed the connection');
  } finally {
    session.destroy();
    await proxy.close();
    started.todo.close();
    started.probe.close();
  }
});

test('a peer that never answers the PING holds the drain up by one second at most', async () => {
  const started = await startApp();
  const proxy = await startHeldProxy(started.grpcPort);
  const session = connect(`http://127.0.0.1:${proxy.port}`);
  try {
    await once(session, 'remoteSettings');
    proxy.hold(); // the PING's answer never reaches the server
    const begin = performance.now();
    await started.app.close();
    const took = performance.now() - begin;
    assert.ok(took >= 900 && took < 4000, `close() took ${Math.round(took)} ms`);
  } finally {
    session.destroy();
    await proxy.close();
    started.todo.close();
    started.probe.close();
  }
});

test.run();
