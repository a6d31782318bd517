import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { CtorParamIR, SourceLocation } from '../ir/index.js';

/** A pipe class named in a parameter decorator (`@Query('limit', PageSizePipe)`). */
export interface PipeUse {
  readonly key: string;
  readonly location: SourceLocation;
  readonly param: string;
  readonly handler: string;
}

/**
 * FW2310: a pipe given as a class (so the injector creates it) whose constructor takes a value no
 * token provides (`constructor(max: number)`). The fix is at the use, `new PageSizePipe(100)`,
 * not an `@Inject` on the constructor: reported there, once per use.
 *
 * @example
 * pipeNotInjectable({ key, location, param: 'limit', handler: 'ItemsController.list' }, 'PageSizePipe', maxParam, [maxParam])
 */
export function pipeNotInjectable(use: PipeUse, pipe: string, param: CtorParamIR, ctorParams: readonly CtorParamIR[]): Diagnostic {
  const args = ctorParams.map((p) => `<${p.name}>`).join(', ');
  return diagnostic('FW2310', use.location, { pipe, param: use.param, handler: use.handler, ctorParam: param.name, type: param.typeText, args });
}
