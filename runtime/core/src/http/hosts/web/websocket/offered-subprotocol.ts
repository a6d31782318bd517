/**
 * The subprotocol a fetch host's handshake answers with: the first one the client offered, as
 * `ws` chooses on Node (`bearer` when a browser's WebSocket carries its token there), or undefined
 * when it offered none.
 */
export function offeredSubprotocol(request: Request): string | undefined {
  return request.headers.get('sec-websocket-protocol')?.split(',')[0]?.trim() || undefined;
}
