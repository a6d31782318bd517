/** The subprotocol a fetch host's handshake answers with: the first one offered, as `ws` chooses on Node. */
export function offeredSubprotocol(request: Request): string | undefined {
  return request.headers.get('sec-websocket-protocol')?.split(',')[0]?.trim() || undefined;
}
