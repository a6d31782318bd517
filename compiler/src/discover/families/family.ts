import { Node, Scope, type ClassDeclaration, type MethodDeclaration } from 'ts-morph';
import type { ChainIR, ControllerIR } from '../../ir/index.js';
import type { DiscoverContext } from '../context.js';
import type { FrameworkDecorator } from '../symbols.js';

/**
 * A family of controller decorators (`http.ts`, `grpc.ts`). Supporting a new family means adding a
 * file that implements this interface and listing it in `families/index.ts`; the rest of discovery
 * (modules, DI, chain decorators) is shared.
 *
 * @example
 * export const grpcFamily: ControllerFamily = { classDecorator: 'GrpcController', handlerDecorators: ['GrpcMethod'], discover: (ctx, cls, d, chain) => ({ family: 'grpc', … }) };
 */
export interface ControllerFamily {
  /** Exported name of the class decorator that marks a controller of this family. */
  readonly classDecorator: string;
  /**
   * Exported names of the method decorators that make a handler of this family (`Get`, `Post`, …;
   * `GrpcMethod`). On a controller of another family they are reported (FW1206, FW1414).
   */
  readonly handlerDecorators: readonly string[];
  /** Reads the controller's handlers; `chain` holds the class-level chain decorators. */
  discover(ctx: DiscoverContext, cls: ClassDeclaration, decorator: FrameworkDecorator, chain: ChainIR): ControllerIR;
}

/**
 * Why generated code cannot call a handler (static, private or protected), or undefined.
 *
 * @example
 * inaccessible(method) // 'private'
 */
export function inaccessible(method: MethodDeclaration): string | undefined {
  if (method.isStatic()) return 'static';
  if (Node.isPrivateIdentifier(method.getNameNode())) return 'private (#)';
  const scope = method.getScope();
  return scope === Scope.Public ? undefined : scope;
}
