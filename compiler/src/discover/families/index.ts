import type { ControllerFamily } from './family.js';
import { httpFamily } from './http.js';

/** Every controller family the compiler understands. */
export const families: readonly ControllerFamily[] = [httpFamily];

export type { ControllerFamily } from './family.js';
