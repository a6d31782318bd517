import type { ControllerFamily } from './family.js';
import { grpcFamily } from './grpc.js';
import { httpFamily } from './http.js';

/** Every controller family the compiler understands. */
export const families: readonly ControllerFamily[] = [httpFamily, grpcFamily];

export type { ControllerFamily } from './family.js';
