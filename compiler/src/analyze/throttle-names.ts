import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { suggest } from '../diagnostics/suggest.js';
import type { ChainIR, ProgramIR } from '../ir/index.js';
import { handlersOf } from './handler-chain.js';
import { reachableControllers, type ModuleGraph } from './module-graph.js';
import type { DeclaredThrottlers } from './skip-throttle.js';

/**
 * FW1501: a throttler name in `@Throttle` or `@SkipThrottle` on a reachable controller or handler
 * that no `ThrottlerModule.forRoot([...])` of the application declares (an unnamed throttler is
 * `default`). Skipped, silently, when the application has no forRoot the compiler can see or when
 * one of them is not a static array literal (the names are then only known at run time).
 *
 * @example
 * checkThrottleNames(ir, graph, declaredThrottlers(graph)) // [FW1501 "@Throttle on AuthController.login names throttler 'burts', …"]
 */
export function checkThrottleNames(ir: ProgramIR, graph: ModuleGraph, throttlers: DeclaredThrottlers): Diagnostic[] {
  if (throttlers.kind !== 'static') return [];
  const declared = throttlers.names;
  const out: Diagnostic[] = [];
  const check = (chain: ChainIR, owner: string): void => {
    for (const use of chain.throttleNames ?? []) {
      if (declared.includes(use.name)) continue;
      const guess = suggest(use.name, declared);
      out.push(
        diagnostic('FW1501', use.location, {
          decorator: use.decorator,
          owner,
          name: use.name,
          declared: declared.map((n) => `'${n}'`).join(', '),
          ...(guess ? { suggestion: guess } : {}),
        }),
      );
    }
  };
  for (const cls of reachableControllers(ir, graph)) {
    check(cls.controller.chain, cls.ref.name);
    for (const handler of handlersOf(cls.controller)) check(handler.chain, `${cls.ref.name}.${handler.methodName}`);
  }
  return out;
}
