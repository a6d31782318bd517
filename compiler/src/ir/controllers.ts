/** The controllers of every family, told apart by `family`. Plain data, as the rest of the IR (see `index.ts`). */

import type { GrpcControllerIR } from './grpc.js';
import type { HttpControllerIR } from './http.js';

/** An HTTP or a gRPC controller. */
export type ControllerIR = HttpControllerIR | GrpcControllerIR;
