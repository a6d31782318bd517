import type { HandshakeUpgrade } from '../../../streaming/websocket/socket-port.js';

/** The env the Node upgrade listener hands the web adapter: @hono/node-server's shape, plus the upgrade. */
export const NODE_UPGRADE = Symbol.for('framework.websocket.upgrade');

export interface NodeUpgradeEnv {
  readonly incoming: unknown;
  readonly outgoing: undefined;
  readonly [NODE_UPGRADE]: (maxPayload: number) => HandshakeUpgrade;
}

export function nodeUpgradeOf(env: unknown, maxPayload: number): HandshakeUpgrade | undefined {
  const upgrade = (env as Partial<NodeUpgradeEnv> | undefined)?.[NODE_UPGRADE];
  return upgrade ? upgrade(maxPayload) : undefined;
}

export function isNodeUpgrade(env: unknown): boolean {
  return (env as Partial<NodeUpgradeEnv> | undefined)?.[NODE_UPGRADE] !== undefined;
}
