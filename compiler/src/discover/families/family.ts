import type { ClassDeclaration } from 'ts-morph';
import type { ChainIR, ControllerIR } from '../../ir/types.js';
import type { DiscoverContext } from '../context.js';
import type { FrameworkDecorator } from '../symbols.js';

/**
 * A family of controller decorators (HTTP today, gRPC next). Supporting a new family means adding a
 * file that implements this interface and listing it in `families/index.ts`; the rest of discovery
 * (modules, DI, chain decorators) is shared.
 *
 * @example
 * export const grpcFamily: ControllerFamily = { classDecorator: 'GrpcController', discover: (ctx, cls, d, chain) => ({ family: 'grpc', … }) };
 */
export interface ControllerFamily {
  /** Exported name of the class decorator that marks a controller of this family. */
  readonly classDecorator: string;
  /** Reads the controller's handlers; `chain` holds the class-level chain decorators. */
  discover(ctx: DiscoverContext, cls: ClassDeclaration, decorator: FrameworkDecorator, chain: ChainIR): ControllerIR;
}
