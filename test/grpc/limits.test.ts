// GrpcServer limits: the defaults become grpc-js options, raw serverOptions win, wrong values are refused.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FrameworkApplication } from '@framework/core';
import { DEFAULT_GRPC_LIMITS, GrpcServer } from '@framework/grpc';

/** The options grpc-js keeps for a GrpcServer built with `options` (read back from the server). */
function optionsOf(options: ConstructorParameters<typeof GrpcServer>[1]): Record<string, unknown> {
  const server = new GrpcServer(new FrameworkApplication(), options);
  return (server.server as unknown as { options: Record<string, unknown> }).options;
}

test('defaults: 1 MiB messages, keepalive every 2 min (20 s to answer), connections recycled after an hour (30 s grace), 100 calls per connection, 1,000 connections', () => {
  assert.equal({ ...DEFAULT_GRPC_LIMITS }, {
    maxReceiveMessageBytes: 1024 * 1024,
    keepaliveTimeMs: 120_000,
    keepaliveTimeoutMs: 20_000,
    maxConnectionAgeMs: 3_600_000,
    maxConnectionAgeGraceMs: 30_000,
    maxConcurrentStreams: 100,
    maxConnections: 1000,
  });
  const options = optionsOf({});
  assert.is(options['grpc.max_receive_message_length'], 1024 * 1024);
  assert.is(options['grpc.keepalive_time_ms'], 120_000);
  assert.is(options['grpc.keepalive_timeout_ms'], 20_000);
  assert.is(options['grpc.max_connection_age_ms'], 3_600_000);
  assert.is(options['grpc.max_connection_age_grace_ms'], 30_000);
  assert.is(options['grpc.max_concurrent_streams'], 100);
});

test('limits override the defaults; raw serverOptions win over limits', () => {
  const options = optionsOf({ limits: { maxReceiveMessageBytes: 4096, maxConcurrentStreams: 50 }, serverOptions: { 'grpc.max_concurrent_streams': 10 } });
  assert.is(options['grpc.max_receive_message_length'], 4096);
  assert.is(options['grpc.max_concurrent_streams'], 10);
});

test('a limit that is not a positive whole number is refused, naming it', () => {
  assert.throws(() => optionsOf({ limits: { keepaliveTimeMs: -1 } }), /GrpcServer: limits\.keepaliveTimeMs must be a positive whole number; got -1\./);
  assert.throws(() => optionsOf({ limits: { maxReceiveMessageBytes: Number.NaN } }), /limits\.maxReceiveMessageBytes/);
});

test.run();
