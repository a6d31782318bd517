/**
 * `POST /api/grpc` of the dev dashboard: the explorer's unary call, encoded from the page's JSON
 * with the RPC's `.proto` (as the compiler reads it), sent with grpc-js to the gRPC server of the
 * app the loop runs (and to nothing else), and answered with its status, metadata and reply.
 *
 * grpc-js is the app's own (resolved from its sources through `@framework/grpc`): an app that
 * serves gRPC has it, and the compiler needs no copy.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type protobuf from 'protobufjs';
import type { CatalogRpc } from './catalog.js';
import { loadRoot } from './rpc-messages.js';

/** The page's call: which RPC, its request message as JSON, the metadata to send, a deadline. */
export interface RpcRequest {
  readonly rpc: string;
  readonly message?: Readonly<Record<string, unknown>>;
  readonly metadata?: Readonly<Record<string, string>>;
  readonly deadlineMs?: number;
}

/** What the call ended with. */
export interface RpcAnswer {
  /** The gRPC status: `{ code: 5, name: 'NOT_FOUND', details: 'todo 1 not found' }`. */
  readonly status: { readonly code: number; readonly name: string; readonly details: string };
  /** The server's initial metadata and trailers, each value as text (binary ones in base64). */
  readonly metadata: Readonly<Record<string, string>>;
  readonly trailers: Readonly<Record<string, string>>;
  /** The reply as JSON (64-bit integers and enums as strings, every field with its default), when OK. */
  readonly reply?: unknown;
  readonly durationMs: number;
  /** `127.0.0.1:50051` */
  readonly target: string;
}

/** The little of grpc-js used here (the app's copy; the compiler does not depend on it). */
interface GrpcMetadata {
  add(name: string, value: string): void;
  getMap(): Record<string, string | Buffer>;
}
interface GrpcJs {
  Client: new (target: string, credentials: unknown) => {
    makeUnaryRequest(
      path: string,
      serialize: (value: Buffer) => Buffer,
      deserialize: (bytes: Buffer) => unknown,
      argument: Buffer,
      metadata: GrpcMetadata,
      options: { deadline: number },
      callback: (error: unknown, value?: unknown) => void,
    ): { on(event: 'metadata', listener: (metadata: GrpcMetadata) => void): void; on(event: 'status', listener: (status: { code: number; details: string; metadata: GrpcMetadata }) => void): void };
    close(): void;
  };
  credentials: { createInsecure(): unknown };
  Metadata: new () => GrpcMetadata;
  status: Record<number | string, string | number>;
}
/** Metadata names the page may send (lower case; binary `-bin` entries are not sent from a form). */
const TOKEN = /^[0-9a-z_.-]+$/;
const MAX_DEADLINE_MS = 60_000;

/** Why the page's call is not sent, or undefined when it is well formed. */
export function invalidRpcRequest(value: unknown): string | undefined {
  const r = value as Partial<RpcRequest> | null;
  if (r === null || typeof r !== 'object') return 'the body must be a JSON object { rpc, message?, metadata?, deadlineMs? }';
  if (typeof r.rpc !== 'string') return 'rpc must be the id of a unary RPC of the catalog (grpc:/package.Service/Method)';
  if (r.message !== undefined && (r.message === null || typeof r.message !== 'object' || Array.isArray(r.message))) return 'message must be a JSON object (the request message)';
  if (r.metadata !== undefined) {
    if (r.metadata === null || typeof r.metadata !== 'object') return 'metadata must be an object of strings';
    for (const [name, v] of Object.entries(r.metadata)) {
      if (!TOKEN.test(name) || name.endsWith('-bin') || typeof v !== 'string' || /[\r\n]/.test(v)) return `metadata ${JSON.stringify(name)} is not a valid text entry (lower-case name, no -bin suffix)`;
    }
  }
  if (r.deadlineMs !== undefined && !(typeof r.deadlineMs === 'number' && r.deadlineMs > 0 && r.deadlineMs <= MAX_DEADLINE_MS)) return `deadlineMs must be between 1 and ${MAX_DEADLINE_MS}`;
  return undefined;
}

const grpcOf = new Map<string, Promise<GrpcJs>>();
/** The app's grpc-js, found from its sources (`@framework/grpc`'s dependency), loaded once per app directory. */
function appGrpc(srcDir: string): Promise<GrpcJs> {
  let found = grpcOf.get(srcDir);
  if (!found) {
    const fromApp = createRequire(path.join(srcDir, 'index.js'));
    const file = (() => {
      try {
        return createRequire(fromApp.resolve('@framework/grpc')).resolve('@grpc/grpc-js');
      } catch {
        return fromApp.resolve('@grpc/grpc-js');
      }
    })();
    found = import(pathToFileURL(file).href).then((m: GrpcJs & { default?: GrpcJs }) => m.default ?? m);
    grpcOf.set(srcDir, found);
  }
  return found;
}

const roots = new Map<string, protobuf.Root>();
/** The `.proto` root of an RPC, kept until the next build (`forgetProtos`): a save may change the file. */
function rootOf(rpc: CatalogRpc): protobuf.Root {
  const key = JSON.stringify(rpc.proto);
  let root = roots.get(key);
  if (!root) roots.set(key, (root = loadRoot(rpc.proto)));
  return root;
}

/** Drops the roots read so far (after each build). */
export function forgetProtos(): void {
  roots.clear();
}

/**
 * The request message of `rpc` encoded from the page's JSON; throws an `Error` naming the field
 * when it does not fit the request type (a field the message does not have, a value of the wrong type).
 *
 * @example
 * encodeRequest(rpc, { id: '1' }) // <Buffer 0a 01 31>
 */
export function encodeRequest(rpc: CatalogRpc, message: Readonly<Record<string, unknown>> = {}): Buffer {
  const requestType = rootOf(rpc).lookupService(rpc.service).methods[rpc.rpc]!.resolvedRequestType!;
  const unknown = Object.keys(message).find((name) => !(name in requestType.fields) && !(name in (requestType.oneofs ?? {})));
  if (unknown !== undefined) throw new Error(`${requestType.fullName.replace(/^\./, '')} has no field ${JSON.stringify(unknown)} (its fields: ${Object.keys(requestType.fields).join(', ') || 'none'})`);
  const invalid = requestType.verify(message);
  if (invalid) throw new Error(`the request does not fit ${requestType.fullName.replace(/^\./, '')}: ${invalid}`);
  return Buffer.from(requestType.encode(requestType.fromObject(message)).finish());
}

/**
 * Calls the RPC on `target` with the encoded request and resolves with how it ended.
 *
 * @example
 * await callUnary('127.0.0.1:50051', rpc, srcDir, encodeRequest(rpc, { id: '1' }), {}) // { status: { code: 5, name: 'NOT_FOUND', … }, … }
 */
export async function callUnary(target: string, rpc: CatalogRpc, srcDir: string, encoded: Buffer, request: Omit<RpcRequest, 'rpc' | 'message'>): Promise<RpcAnswer> {
  const responseType = rootOf(rpc).lookupService(rpc.service).methods[rpc.rpc]!.resolvedResponseType!;
  const grpc = await appGrpc(srcDir);
  const client = new grpc.Client(target, grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  for (const [name, value] of Object.entries(request.metadata ?? {})) metadata.add(name, value);
  const started = performance.now();
  try {
    return await new Promise<RpcAnswer>((resolve) => {
      let header: Record<string, string> = {};
      let reply: unknown;
      const call = client.makeUnaryRequest(
        rpc.path,
        (bytes: Buffer) => bytes,
        (bytes: Buffer) => responseType.toObject(responseType.decode(bytes), { longs: String, enums: String, bytes: String, defaults: true, oneofs: true }),
        encoded,
        metadata,
        { deadline: Date.now() + (request.deadlineMs ?? 10_000) },
        (_error, value) => (reply = value),
      );
      call.on('metadata', (m) => (header = textOf(m)));
      call.on('status', (status) =>
        resolve({
          status: { code: status.code, name: String(grpc.status[status.code] ?? status.code), details: status.details },
          metadata: header,
          trailers: textOf(status.metadata),
          ...(status.code === grpc.status.OK ? { reply } : {}),
          durationMs: Math.round((performance.now() - started) * 100) / 100,
          target,
        }),
      );
    });
  } finally {
    client.close();
  }
}

function textOf(metadata: GrpcMetadata): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(metadata.getMap())) out[name] = typeof value === 'string' ? value : value.toString('base64');
  return out;
}
