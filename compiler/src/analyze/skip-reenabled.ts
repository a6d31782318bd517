import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ChainIR, ProgramIR } from '../ir/index.js';
import { handlersOf } from './handler-chain.js';
import { reachableControllers, type ModuleGraph } from './module-graph.js';
import { skippedThrottlers, type DeclaredThrottlers } from './skip-throttle.js';

/**
 * FW1504: a `@SkipThrottle({ <name>: false })` that re-enables a throttler under a class-level
 * `@SkipThrottle()` while the throttler names are only known at run time, so the list of the
 * throttlers that stay skipped cannot be built.
 *
 * @example
 * checkSkipReenabled(ir, graph, { kind: 'dynamic' }) // [FW1504 "@SkipThrottle({ default: false }) on AuthController.login …"]
 */
export function checkSkipReenabled(ir: ProgramIR, graph: ModuleGraph, throttlers: DeclaredThrottlers): Diagnostic[] {
  if (throttlers.kind !== 'dynamic') return [];
  const out: Diagnostic[] = [];
  const why = 'ThrottlerModule.forRoot is not given a static array literal';
  const report = (chain: ChainIR, owner: string, controller: string): void => {
    for (const use of chain.throttleNames ?? []) {
      if (use.decorator !== 'SkipThrottle' || use.skip !== false) continue;
      out.push(diagnostic('FW1504', use.location, { name: use.name, handler: owner, controller, why }));
    }
  };
  for (const cls of reachableControllers(ir, graph)) {
    const classChain = cls.controller.chain;
    const name = cls.ref.name;
    if (skippedThrottlers(classChain.skipThrottle, undefined, throttlers) === 'unknown') report(classChain, name, name);
    for (const handler of handlersOf(cls.controller)) {
      if (skippedThrottlers(classChain.skipThrottle, handler.chain.skipThrottle, throttlers) === 'unknown') report(handler.chain, `${name}.${handler.methodName}`, name);
    }
  }
  return out;
}
