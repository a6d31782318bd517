// The same chain contract over a real gRPC server, with a @grpc/grpc-js client.
import { FrameworkApplication, type ApplicationTables, type Logger } from '@framework/core';
import { GrpcServer } from '@framework/grpc';
import { credentials, loadPackageDefinition, Metadata, status, type Client, type ClientUnaryCall, type ServiceError } from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { fileURLToPath } from 'node:url';
import { registerChainContract, type Answer, type ChainDriver } from './chain-contract.js';
import { compileFixture } from '../compile-fixture.js';
import { GlobalFilter } from './fixtures/app/src/filters.js';
import { GrpcAppModule } from './fixtures/app/src/grpc-app.module.js';
import { AppInterceptor } from './fixtures/app/src/interceptors.js';
import { TrailMiddleware } from './fixtures/app/src/middleware.js';
import { Counters } from './fixtures/app/src/scoped.js';

const { tables } = await compileFixture<{ tables: ApplicationTables }>(new URL('./fixtures/app/', import.meta.url), 'GrpcAppModule', 'generated-grpc');
const quiet: Logger = { error: () => undefined, warn: () => undefined, log: () => undefined };

type Unary = (request: object, metadata: Metadata, callback: (error: ServiceError | null, response?: { json: string }) => void) => ClientUnaryCall;
type Services = Record<'ChainService' | 'OpenService' | 'ScopedService' | 'SingletonService', new (address: string, creds: ReturnType<typeof credentials.createInsecure>) => Client & Record<string, Unary>>;

const protoPath = fileURLToPath(new URL('./fixtures/app/src/chain.proto', import.meta.url));
const services = (loadPackageDefinition(loadSync(protoPath, { keepCase: true })) as unknown as { chain: Services }).chain;

/** Route paths of the contract → the RPC that serves the same handler over gRPC. */
const rpcOf = (path: string): [keyof Services, string, object] => {
  if (path.startsWith('/chain/fail/')) return ['ChainService', 'Fail', { kind: path.slice('/chain/fail/'.length) }];
  const table: Record<string, [keyof Services, string]> = {
    '/chain/order': ['ChainService', 'Order'],
    '/chain/open': ['ChainService', 'Open'],
    '/chain/intercepted': ['ChainService', 'Intercepted'],
    '/chain/slow': ['ChainService', 'Slow'],
    '/chain/cached': ['ChainService', 'Cached'],
    '/chain/wait': ['ChainService', 'Wait'],
    '/open-class': ['OpenService', 'List'],
    '/scoped': ['ScopedService', 'Serial'],
    '/singleton': ['SingletonService', 'Created'],
  };
  const [service, rpc] = table[path] ?? (() => { throw new Error(`no RPC for ${path}`); })();
  return [service, rpc, {}];
};

/** gRPC codes the contract meets, as the HTTP statuses they stand for. */
const statusOfCode: Partial<Record<number, number>> = { [status.PERMISSION_DENIED]: 403, [status.UNAUTHENTICATED]: 401, [status.UNKNOWN]: 500, [status.DEADLINE_EXCEEDED]: 503 };

registerChainContract('gRPC', async () => {
  const app = new FrameworkApplication(tables, { logger: quiet });
  const grpc = new GrpcServer(app);
  app.useGlobalMiddleware(new TrailMiddleware()).useGlobalFilters(new GlobalFilter()).useGlobalInterceptors(new AppInterceptor());
  await app.init(GrpcAppModule);
  const address = `127.0.0.1:${await grpc.listen(0)}`;
  const clients = new Map<keyof Services, Client & Record<string, Unary>>();
  const client = (name: keyof Services) => {
    if (!clients.has(name)) clients.set(name, new services[name](address, credentials.createInsecure()));
    return clients.get(name)!;
  };

  const driver: ChainDriver = {
    call: (path, instructions = {}) =>
      new Promise<Answer>((resolve) => {
        const [service, rpc, request] = rpcOf(path);
        const metadata = new Metadata();
        for (const [key, value] of Object.entries(instructions)) metadata.set(key, value);
        let outcome: { error: ServiceError | null; response?: { json: string } } | undefined;
        const target = client(service);
        const call = target[rpc]!.call(target, request, metadata, (error, response) => (outcome = { error, response }));
        // grpc-js answers the callback first, then emits 'status' with the trailers the chain set.
        call.on('status', (final) => {
          const header = (name: string) => final.metadata.get(name)[0]?.toString() ?? null;
          const { error, response } = outcome!;
          if (error) resolve({ status: statusOfCode[error.code] ?? -error.code, body: { status: statusOfCode[error.code], message: error.details }, header });
          else resolve({ status: 200, body: JSON.parse(response!.json), header });
        });
      }),
    cancelAfter: async (path, ms, instructions = {}) => {
      const [service, rpc, request] = rpcOf(path);
      const metadata = new Metadata();
      for (const [key, value] of Object.entries(instructions)) metadata.set(key, value);
      const target = client(service);
      const call = target[rpc]!.call(target, request, metadata, () => undefined);
      await new Promise((resolve) => setTimeout(resolve, ms));
      call.cancel();
    },
    errorBody: ({ status: code, message }) => ({ status: code, message }),
    unexpectedError: (message) => ({ status: 500, body: { status: 500, message } }),
    counters: () => app.get<Counters>(Counters),
    cachesGet: false,
    stop: async () => {
      for (const c of clients.values()) c.close();
      await app.close();
    },
  };
  return driver;
});
