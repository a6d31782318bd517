// Settings shared by the NestJS peers (the same values as ../shared/common.mjs).
import { join } from 'node:path';

export const port = Number(process.env.PORT ?? 3000);
export const grpcPort = Number(process.env.GRPC_PORT ?? 50051);
const secret = new TextEncoder().encode(process.env.JWT_SECRET ?? 'bench-secret-that-is-at-least-32-bytes-long');
/** Imported once, as our JwtService does (a Uint8Array would be imported again on every verification). */
export const jwtKey = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
export const throttle = { ttl: 60_000, limit: 1_000_000_000 };
export const protoPath = join(__dirname, '../../../apps/framework/src/grpc/todo.proto');
