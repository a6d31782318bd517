import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ProgramIR } from '../ir/index.js';
import { reachableControllersOf, type ModuleGraph } from './module-graph.js';

/**
 * Checks the streaming routes of the reachable HTTP controllers: FW2401 (an `@Sse()` handler that
 * returns one value), FW2402 (a `@Ws()` handler that returns one value), FW2403 (a `@Messages()`
 * parameter that is not an `AsyncIterable` of a DTO class) and FW2404 (`@Messages()` outside a
 * `@Ws()` route, or `@Body()` on a streaming route). A message DTO's members are checked like a
 * body's (FW1201) by the route checks.
 *
 * @example
 * checkStreamRoutes(ir, graph) // [FW2401 "TodoController.events is an @Sse() route, but returns Todo, …"]
 */
export function checkStreamRoutes(ir: ProgramIR, graph: ModuleGraph): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const cls of reachableControllersOf(ir, graph, 'http')) {
    for (const route of cls.controller.routes) {
      const handler = `${cls.ref.name}.${route.methodName}`;
      const stream = route.stream;
      if (stream && (stream.returns === 'single' || stream.returns === 'empty')) {
        out.push(diagnostic(stream.kind === 'sse' ? 'FW2401' : 'FW2402', route.location, { handler, type: stream.text }));
      }
      for (const param of route.params) {
        const base = { handler, param: param.name };
        if (param.source.kind === 'messages') {
          if (stream?.kind !== 'websocket') {
            out.push(diagnostic('FW2404', param.location, { ...base, decorator: 'Messages', why: 'it reads the messages of a socket, but the route is not a @Ws() route.', fix: 'serve the route with @Ws(path), or read a request body with @Body().' }));
          } else if (!param.dto) {
            out.push(diagnostic('FW2403', param.location, { ...base, type: param.typeText }));
          }
        }
        if (param.source.kind === 'body' && stream) {
          const route = stream.kind === 'sse' ? 'an @Sse()' : 'a @Ws()';
          out.push(diagnostic('FW2404', param.location, { ...base, decorator: 'Body', why: `${route} route is opened by a GET request, which has no body.`, fix: `read what the stream needs from the path or the query (@Param, @Query)${stream.kind === 'websocket' ? ', or from the messages (@Messages())' : ''}.` }));
        }
      }
    }
  }
  return out;
}
