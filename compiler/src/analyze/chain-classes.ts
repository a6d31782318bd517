import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import { suggest } from '../diagnostics/suggest.js';
import type { ChainIR, ClassUse, ProgramIR } from '../ir/index.js';
import { handlersOf } from './handler-chain.js';
import { reachableControllers, type ModuleGraph } from './module-graph.js';

/** What a class in each place of the chain must implement. */
interface Role {
  readonly role: string;
  readonly method: string;
  readonly signature: string;
  readonly contract: string;
}

const GUARD: Role = { role: 'a guard', method: 'canActivate', signature: 'context', contract: 'AuthGuard' };
const INTERCEPTOR: Role = { role: 'an interceptor', method: 'intercept', signature: 'context, next', contract: 'Interceptor' };
const FILTER: Role = { role: 'an exception filter', method: 'catch', signature: 'error, context', contract: 'ExceptionFilter' };
const MIDDLEWARE: Role = { role: 'a middleware', method: 'action', signature: 'context, next', contract: 'FrameworkMiddleware' };
const PIPE: Role = { role: 'a pipe', method: 'transform', signature: 'value, metadata', contract: 'PipeTransform' };

/**
 * FW1810: a class named in `@UseGuard`, `@UseInterceptors`, `@UseFilter`, `@Middleware`, a
 * parameter's pipes, or a `GLOBAL_GUARD`/`GLOBAL_INTERCEPTOR` entry that lacks the method its
 * place calls, at the place it is named, with a "did you mean" for a near miss of the name.
 *
 * @example
 * checkChainClasses(ir, graph) // [FW1810 at @UseInterceptors(Timing): Timing has no intercept() method; did you mean 'intercepts'?]
 */
export function checkChainClasses(ir: ProgramIR, graph: ModuleGraph): Diagnostic[] {
  const out: Diagnostic[] = [];
  const check = (use: ClassUse, role: Role, where: string): void => {
    const cls = ir.classes.get(use.key);
    if (!cls || cls.methods.includes(role.method)) return;
    const suggestion = suggest(role.method, cls.methods);
    out.push(
      diagnostic('FW1810', use.location, {
        cls: cls.ref.name,
        where,
        role: role.role,
        method: role.method,
        signature: role.signature,
        contract: role.contract,
        ...(suggestion ? { suggestion } : {}),
      }),
    );
  };
  const checkChain = (chain: ChainIR, owner: string): void => {
    const classes = (refs: ChainIR['guards']) => refs.flatMap((ref) => (ref.kind === 'class' ? [ref.cls] : []));
    for (const use of classes(chain.guards)) check(use, GUARD, `@UseGuard on ${owner}`);
    for (const use of classes(chain.interceptors)) check(use, INTERCEPTOR, `@UseInterceptors on ${owner}`);
    for (const use of classes(chain.filters)) check(use, FILTER, `@UseFilter on ${owner}`);
    for (const use of classes(chain.middleware)) check(use, MIDDLEWARE, `@Middleware on ${owner}`);
  };
  for (const cls of reachableControllers(ir, graph)) {
    const controller = cls.controller;
    checkChain(controller.chain, cls.ref.name);
    for (const handler of handlersOf(controller)) checkChain(handler.chain, `${cls.ref.name}.${handler.methodName}`);
    if (controller.family !== 'http') continue;
    for (const route of controller.routes) {
      for (const param of route.params) {
        for (const pipe of param.pipes ?? []) check(pipe.cls, PIPE, `parameter '${param.name}' of ${cls.ref.name}.${route.methodName}`);
      }
    }
  }
  for (const module of graph.order) {
    for (const entry of module.injectables) {
      if (entry.kind !== 'useClass') continue;
      if (entry.token.kind === 'global-guard') check(entry.cls, GUARD, `GLOBAL_GUARD in ${module.ref.name}`);
      if (entry.token.kind === 'global-interceptor') check(entry.cls, INTERCEPTOR, `GLOBAL_INTERCEPTOR in ${module.ref.name}`);
    }
  }
  return out;
}
