import type { HandshakeUpgrade } from '../../../streaming/websocket/socket-port.js';

/** The key under which the Node upgrade listener puts its upgrade function into `c.env`. */
export const NODE_UPGRADE = Symbol.for('framework.websocket.upgrade');

/** The env the Node upgrade listener hands the routes: @hono/node-server's shape, plus the upgrade. */
export interface NodeUpgradeEnv {
  readonly incoming: unknown;
  readonly outgoing: undefined;
  readonly [NODE_UPGRADE]: (maxPayload: number) => HandshakeUpgrade;
}

/** The upgrade of a request the Node upgrade listener serves; undefined for any other request. */
export function nodeUpgradeOf(env: unknown, maxPayload: number): HandshakeUpgrade | undefined {
  const upgrade = (env as Partial<NodeUpgradeEnv> | undefined)?.[NODE_UPGRADE];
  return upgrade ? upgrade(maxPayload) : undefined;
}

/** Whether a request came through the Node upgrade listener (it asked to switch protocols). */
export function isNodeUpgrade(env: unknown): boolean {
  return (env as Partial<NodeUpgradeEnv> | undefined)?.[NODE_UPGRADE] !== undefined;
}
