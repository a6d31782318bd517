// The servers the bench starts. Paths are relative to bench/. `floor` marks the reference of a transport.

export const peers = [
  { id: 'framework', label: 'Framework (ours)', http: 'apps/framework/dist/src/main.js', grpc: 'apps/framework/dist/src/main.js', ours: true },
  { id: 'hono', label: 'bare Hono (floor)', http: 'peers/hono/server.mjs', floor: 'http' },
  { id: 'fastify', label: 'Fastify 5', http: 'peers/fastify/server.mjs' },
  { id: 'nest-express', label: 'NestJS 11 + Express', http: 'peers/nest/dist/main-express.cjs' },
  { id: 'nest-fastify', label: 'NestJS 11 + Fastify', http: 'peers/nest/dist/main-fastify.cjs' },
  { id: 'grpc-js', label: 'raw grpc-js (floor)', grpc: 'peers/grpc-js/server.mjs', floor: 'grpc' },
  { id: 'nest-grpc', label: 'NestJS 11 gRPC', grpc: 'peers/nest/dist/main-grpc.cjs' },
];

/** Ratio columns: the floor of the transport, then the NestJS references. */
export const references = {
  http: { floor: 'hono', nest: ['nest-express', 'nest-fastify'] },
  grpc: { floor: 'grpc-js', nest: ['nest-grpc'] },
};
