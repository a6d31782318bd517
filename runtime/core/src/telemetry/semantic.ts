/**
 * The OpenTelemetry attribute and instrument names the framework emits (stable HTTP server and
 * RPC semantic conventions), written out once so no name is spelled twice.
 */
export const ATTR = {
  httpMethod: 'http.request.method',
  httpMethodOriginal: 'http.request.method_original',
  urlScheme: 'url.scheme',
  urlPath: 'url.path',
  httpRoute: 'http.route',
  httpStatus: 'http.response.status_code',
  errorType: 'error.type',
  protocolVersion: 'network.protocol.version',
  clientAddress: 'client.address',
  userAgent: 'user_agent.original',
  rpcSystem: 'rpc.system',
  rpcService: 'rpc.service',
  rpcMethod: 'rpc.method',
  rpcGrpcStatus: 'rpc.grpc.status_code',
  rpcSentMessages: 'rpc.message.sent_count',
  rpcReceivedMessages: 'rpc.message.received_count',
  refusal: 'framework.refusal',
  requestId: 'framework.request_id',
} as const;

/** The request methods the HTTP conventions name; any other is reported as `_OTHER`. */
const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE', 'QUERY']);

/** `http.request.method` of a request method: the method itself, or `_OTHER` for unknown ones. */
export function conventionalMethod(method: string): string {
  return KNOWN_METHODS.has(method) ? method : '_OTHER';
}

/** The bucket boundaries the HTTP and RPC duration conventions advise, in seconds. */
export const DURATION_BUCKETS_SECONDS: readonly number[] = Object.freeze([0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10]);
